import { executarCli } from '../apps/api/test/processos.ts';
import type { Parametros } from './argumentos.ts';
import { csvClientes } from './dados.ts';
import { type Balanceador, criarClienteHttp, enderecoDe, type Pedido, type Resposta } from './http.ts';

// Set-up through the CLI (the first super admin) and the API, as the product's users would: the
// super admin creates the admins, an admin the operators and opens the sending window all day,
// every operator imports a CSV of customers due today. Any non-2xx here stops the run. Requests go
// round-robin over the nodes like the journeys' (http.ts), so each sign-in is used on other nodes.

const SENHA = 'Carga@2026x';
const SISTEMA = '/api/admin/configuracoes/sistema';

/** `endereco`: the address the user signs in and works from (http.ts). */
export type Usuario = { email: string; token: string; endereco: string };
export type Preparo = {
  admins: Usuario[];
  operadores: Usuario[];
  clientesImportados: number;
  settings: { tentativas_com_falhas: number; vazao_canal_por_segundo: number };
};

const emailOperador = (i: number) => `operador.${String(i + 1).padStart(2, '0')}@carga.cobranca.local`;
const emailAdmin = (i: number) => `admin.${i + 1}@carga.cobranca.local`;
const EMAIL_SUPER = 'superadmin@carga.cobranca.local';

/** Runs `tarefa` over 0..n-1 with at most `limite` at a time. */
export const emParalelo = async <T>(n: number, limite: number, tarefa: (i: number) => Promise<T>) => {
  const resultados: T[] = new Array(n);
  let proximo = 0;
  const trabalhador = async () => {
    while (proximo < n) {
      const i = proximo++;
      resultados[i] = await tarefa(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limite, n) }, trabalhador));
  return resultados;
};

const exigir = async <T>(chamada: (p: Pedido) => Promise<Resposta<unknown>>, pedido: Pedido): Promise<T> => {
  const resposta = await chamada(pedido);
  if (resposta.status < 200 || resposta.status >= 300)
    throw new Error(
      `preparo: ${pedido.metodo ?? 'GET'} ${pedido.caminho} → ${resposta.status} ${JSON.stringify(resposta.corpo).slice(0, 300)}`,
    );
  return resposta.corpo as T;
};

const entrar = async (nos: Balanceador, email: string, endereco: string): Promise<Usuario> => {
  const { token } = await exigir<{ token: string }>(criarClienteHttp(nos, null, { endereco }), {
    grupo: 'preparo',
    metodo: 'POST',
    caminho: '/api/login',
    json: { email, password: SENHA },
  });
  return { email, token, endereco };
};

const criarConta = (nos: Balanceador, autor: Usuario, caminho: string, nome: string, email: string) =>
  exigir(criarClienteHttp(nos, null, autor), {
    grupo: 'preparo',
    metodo: 'POST',
    caminho,
    json: { name: nome, email, password: SENHA, password_confirmation: SENHA },
  });

/** Every day, all day, holidays too: the engine sends whatever the hour the run happens. */
const abrirJanela = async (nos: Balanceador, admin: Usuario) => {
  const http = criarClienteHttp(nos, null, admin);
  const atuais = await exigir<Record<string, unknown> & Preparo['settings']>(http, {
    grupo: 'preparo',
    caminho: SISTEMA,
  });
  const diaTodo = { inicio: '00:00', fim: '23:59' };
  await exigir(http, {
    grupo: 'preparo',
    metodo: 'PUT',
    caminho: SISTEMA,
    json: {
      ...atuais,
      automacao_ativa: true,
      janela_envio: { dias_uteis: diaTodo, sabado: diaTodo, domingo: diaTodo, feriados_nacionais: true },
    },
  });
  return atuais;
};

type Relatorio = { criados: number; contas_criadas: number; rejeitados: number; erros: unknown[] };

const importarClientes = async (nos: Balanceador, operador: Usuario, indice: number, quantidade: number) => {
  const formulario = new FormData();
  const csv = csvClientes(indice, quantidade);
  formulario.append('csv_file', new Blob([csv], { type: 'text/csv' }), `carga-${indice + 1}.csv`);
  const relatorio = await exigir<Relatorio>(criarClienteHttp(nos, null, operador), {
    grupo: 'preparo',
    metodo: 'POST',
    caminho: '/api/operador/clientes/importar-csv',
    formulario,
  });
  if (relatorio.criados !== quantidade || relatorio.contas_criadas !== quantidade)
    throw new Error(
      `preparo: importação de ${operador.email} incompleta: ${JSON.stringify(relatorio).slice(0, 400)}`,
    );
  return relatorio.criados;
};

/** A session opened on one node answers on every node (sessions live in the database, decision 024). */
const conferirSessaoEmTodosOsNos = async (nos: Balanceador, usuario: Usuario) => {
  const http = criarClienteHttp(nos, null, usuario);
  for (let i = 0; i < nos.quantidade; i += 1) await exigir(http, { grupo: 'preparo', caminho: '/api/me' });
};

export const preparar = async (
  nos: Balanceador,
  databaseUrl: string,
  appKey: string,
  p: Parametros,
): Promise<Preparo> => {
  await executarCli({ DATABASE_URL: databaseUrl, APP_KEY: appKey, LOG_LEVEL: 'warn' }, [
    'user:create',
    '--role',
    'super_admin',
    '--name',
    'Super Carga',
    '--email',
    EMAIL_SUPER,
    '--password',
    SENHA,
  ]);
  const superAdmin = await entrar(nos, EMAIL_SUPER, enderecoDe(0, 0));
  await conferirSessaoEmTodosOsNos(nos, superAdmin);
  await emParalelo(p.admins, 2, (i) =>
    criarConta(nos, superAdmin, '/api/super-admin/admins', `Admin Carga ${i + 1}`, emailAdmin(i)),
  );
  const admins = await emParalelo(p.admins, 2, (i) => entrar(nos, emailAdmin(i), enderecoDe(1, i)));
  const [primeiro] = admins;
  if (!primeiro) throw new Error('preparo: ao menos um admin (--admins ≥ 1).');
  await emParalelo(p.operadores, 4, (i) =>
    criarConta(nos, primeiro, '/api/admin/operadores', `Operador Carga ${i + 1}`, emailOperador(i)),
  );
  const settings = await abrirJanela(nos, primeiro);
  const operadores = await emParalelo(p.operadores, 4, (i) =>
    entrar(nos, emailOperador(i), enderecoDe(2, i)),
  );
  const importados = await emParalelo(p.operadores, 4, (i) =>
    importarClientes(nos, operadores[i] as Usuario, i, p.clientesPorOperador),
  );
  return {
    admins,
    operadores,
    clientesImportados: importados.reduce((a, b) => a + b, 0),
    settings: {
      tentativas_com_falhas: settings.tentativas_com_falhas,
      vazao_canal_por_segundo: settings.vazao_canal_por_segundo,
    },
  };
};
