import { randomBytes } from 'node:crypto';
import { executarCli } from '../apps/api/test/processos.ts';
import type { Parametros } from './argumentos.ts';
import { csvClientes } from './dados.ts';
import { criarClienteHttp, type Pedido, type Resposta } from './http.ts';

// Set-up through the CLI (the first super admin) and the API, as the product's users would: the
// super admin creates the admins, an admin the operators and opens the sending window all day,
// every operator imports a CSV of customers due today. Any non-2xx here stops the run.

const SENHA = 'Carga@2026x';
const SISTEMA = '/api/admin/configuracoes/sistema';

export type Usuario = { email: string; token: string };
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

const entrar = async (url: string, email: string): Promise<Usuario> => {
  const { token } = await exigir<{ token: string }>(criarClienteHttp(url, null), {
    grupo: 'preparo',
    metodo: 'POST',
    caminho: '/api/login',
    json: { email, password: SENHA },
  });
  return { email, token };
};

const criarConta = (url: string, token: string, caminho: string, nome: string, email: string) =>
  exigir(criarClienteHttp(url, null, token), {
    grupo: 'preparo',
    metodo: 'POST',
    caminho,
    json: { name: nome, email, password: SENHA, password_confirmation: SENHA },
  });

/** Every day, all day, holidays too: the engine sends whatever the hour the run happens. */
const abrirJanela = async (url: string, admin: Usuario) => {
  const http = criarClienteHttp(url, null, admin.token);
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

const importarClientes = async (url: string, operador: Usuario, indice: number, quantidade: number) => {
  const formulario = new FormData();
  const csv = csvClientes(indice, quantidade);
  formulario.append('csv_file', new Blob([csv], { type: 'text/csv' }), `carga-${indice + 1}.csv`);
  const relatorio = await exigir<Relatorio>(criarClienteHttp(url, null, operador.token), {
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

export const preparar = async (url: string, databaseUrl: string, p: Parametros): Promise<Preparo> => {
  await executarCli(
    { DATABASE_URL: databaseUrl, APP_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' },
    [
      'user:create',
      '--role',
      'super_admin',
      '--name',
      'Super Carga',
      '--email',
      EMAIL_SUPER,
      '--password',
      SENHA,
    ],
  );
  const superAdmin = await entrar(url, EMAIL_SUPER);
  await emParalelo(p.admins, 2, (i) =>
    criarConta(url, superAdmin.token, '/api/super-admin/admins', `Admin Carga ${i + 1}`, emailAdmin(i)),
  );
  const admins = await emParalelo(p.admins, 2, (i) => entrar(url, emailAdmin(i)));
  const [primeiro] = admins;
  if (!primeiro) throw new Error('preparo: ao menos um admin (--admins ≥ 1).');
  await emParalelo(p.operadores, 4, (i) =>
    criarConta(url, primeiro.token, '/api/admin/operadores', `Operador Carga ${i + 1}`, emailOperador(i)),
  );
  const settings = await abrirJanela(url, primeiro);
  const operadores = await emParalelo(p.operadores, 4, (i) => entrar(url, emailOperador(i)));
  const importados = await emParalelo(p.operadores, 4, (i) =>
    importarClientes(url, operadores[i] as Usuario, i, p.clientesPorOperador),
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
