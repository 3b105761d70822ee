import { type Balanceador, type ClienteHttp, criarClienteHttp } from './http.ts';
import type { Metricas } from './metricas.ts';
import type { Usuario } from './preparo.ts';

// The simulated users: each one loops over its journey with small think times until the deadline.
// Operators work their queues (lists with search and paging, a customer's workspace, a message, a
// call, now and then a customer's reply taken over from the queue); admins read their screens.

type ItemLista = { id: number; nome: string; status: string };
type Pagina = { data: ItemLista[]; last_page: number };

const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const entre = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const sorteio = (probabilidade: number) => Math.random() < probabilidade;
const umDe = <T>(lista: readonly T[]): T | undefined => lista[Math.floor(Math.random() * lista.length)];

const RESULTADOS_LIGACAO = ['atendida', 'atendida', 'atendida', 'nao_atendida', 'caixa_postal'] as const;

const lista = async (http: ClienteHttp, grupo: string, caminho: string): Promise<ItemLista[]> => {
  const { status, corpo } = await http<Pagina>({ grupo, caminho });
  return status === 200 && Array.isArray(corpo?.data) ? corpo.data : [];
};

/** The search an operator types: part of a customer's name, or of the shared prefix. */
const busca = (itens: ItemLista[]) => {
  const nome = umDe(itens)?.nome ?? 'Cliente Carga';
  return encodeURIComponent(sorteio(0.5) ? nome : nome.slice(0, entre(5, nome.length)));
};

const pensarOperador = () => esperar(entre(150, 600));

/** The customer's reply arrives (simulator), then the operator takes the customer over from the queue. */
const respostaEAssumir = async (http: ClienteHttp, clienteId: number) => {
  const resposta = await http({
    grupo: 'operador: simular resposta',
    metodo: 'POST',
    caminho: `/api/operador/clientes/${clienteId}/simular-resposta`,
    json: { texto: 'Recebi a cobrança, posso pagar na sexta?' },
  });
  if (resposta.status !== 201) return;
  await pensarOperador();
  const fila = await lista(
    http,
    'operador: listar aguardando',
    '/api/operador/clientes/aguardando-atendimento?page=1',
  );
  const alvo = fila.find((c) => c.id === clienteId) ?? fila[0];
  if (!alvo) return;
  await pensarOperador();
  // Someone else may take an unassigned customer first: 409 is part of the journey.
  await http({
    grupo: 'operador: assumir',
    metodo: 'POST',
    caminho: `/api/operador/clientes/${alvo.id}/assumir`,
    esperados: [200, 409],
  });
};

const voltaOperador = async (http: ClienteHttp, volta: number) => {
  const pagina = sorteio(0.2) ? 2 : 1;
  const filtro = sorteio(0.3) ? `&busca=${busca([])}` : '';
  const ativos = await lista(
    http,
    'operador: listar ativos',
    `/api/operador/clientes/ativos?page=${pagina}${filtro}`,
  );
  await pensarOperador();
  const aguardando = await lista(
    http,
    'operador: listar aguardando',
    `/api/operador/clientes/aguardando-atendimento?page=1${sorteio(0.2) ? `&busca=${busca(ativos)}` : ''}`,
  );
  await pensarOperador();
  let candidatos = [...ativos, ...aguardando];
  if (candidatos.length === 0 || sorteio(0.2)) {
    candidatos = [
      ...candidatos,
      ...(await lista(
        http,
        'operador: listar em atendimento',
        '/api/operador/clientes/em-atendimento?page=1',
      )),
    ];
    await pensarOperador();
  }
  if (volta % 5 === 0) {
    await http({ grupo: 'operador: dashboard', caminho: '/api/operador/dashboard' });
    await pensarOperador();
  }
  const cliente = umDe(candidatos);
  if (!cliente) return;
  await http({ grupo: 'operador: cliente (detalhe)', caminho: `/api/operador/clientes/${cliente.id}` });
  await http({ grupo: 'operador: conversa', caminho: `/api/operador/clientes/${cliente.id}/mensagens` });
  await pensarOperador();
  if (sorteio(0.5)) {
    await http({
      grupo: 'operador: enviar mensagem',
      metodo: 'POST',
      caminho: `/api/operador/clientes/${cliente.id}/mensagens`,
      json: { conteudo: `Olá, ${cliente.nome}! Podemos conversar sobre a sua conta?` },
    });
    await pensarOperador();
  }
  if (sorteio(0.3)) {
    await http({
      grupo: 'operador: registrar ligação',
      metodo: 'POST',
      caminho: `/api/operador/clientes/${cliente.id}/chamadas`,
      json: { resultado: umDe(RESULTADOS_LIGACAO), observacao: 'Ligação do teste de carga' },
    });
    await pensarOperador();
  }
  const ativo = ativos.filter((c) => c.status === 'ativo');
  const paraResponder = umDe(ativo);
  if (paraResponder && sorteio(0.12)) await respostaEAssumir(http, paraResponder.id);
};

const voltaAdmin = async (http: ClienteHttp) => {
  const pensar = () => esperar(entre(300, 1_000));
  await http({ grupo: 'admin: dashboard', caminho: '/api/admin/dashboard' });
  await http({ grupo: 'admin: dashboard operadores', caminho: '/api/admin/dashboard/operadores' });
  await http({ grupo: 'admin: gráfico mensal', caminho: '/api/admin/dashboard/grafico-mensal' });
  await pensar();
  await http({
    grupo: 'admin: operadores',
    caminho: `/api/admin/operadores?page=${entre(1, 3)}${sorteio(0.3) ? '&busca=Operador%20Carga%201' : ''}`,
  });
  await pensar();
  await http({ grupo: 'admin: logs', caminho: `/api/admin/logs?page=${entre(1, 5)}` });
  if (sorteio(0.3)) await http({ grupo: 'admin: logs', caminho: '/api/admin/logs/acoes' });
  await pensar();
  const filtro = sorteio(0.3) ? `&busca=Carga%20${String(entre(1, 50)).padStart(2, '0')}` : '';
  await http({ grupo: 'admin: clientes', caminho: `/api/admin/clientes?page=${entre(1, 50)}${filtro}` });
  if (sorteio(0.3))
    await http({
      grupo: 'admin: clientes',
      caminho: '/api/admin/clientes/por-status/aguardando_atendimento?page=1',
    });
  await pensar();
};

type Contexto = { nos: Balanceador; metricas: Metricas; ate: number };

const emLaco = async (ate: number, volta: (n: number) => Promise<void>) => {
  // Start spread over the first second, so the users do not all fire together.
  await esperar(entre(0, 1_000));
  for (let n = 0; Date.now() < ate; n += 1) await volta(n);
};

export const rodarJornadas = (ctx: Contexto, operadores: Usuario[], admins: Usuario[]): Promise<unknown> =>
  Promise.all([
    ...operadores.map((u) => {
      const http = criarClienteHttp(ctx.nos, ctx.metricas, u);
      return emLaco(ctx.ate, (n) => voltaOperador(http, n));
    }),
    ...admins.map((u) => {
      const http = criarClienteHttp(ctx.nos, ctx.metricas, u);
      return emLaco(ctx.ate, () => voltaAdmin(http));
    }),
  ]);
