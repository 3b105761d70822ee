import { type Role, TEMPLATE_TIPOS } from '@cobranca/contracts';
import type { Db, Tx } from '../../db/client.ts';
import {
  chamadas,
  clientes,
  contasReceber,
  mensagemTemplates,
  mensagens,
  pagamentos,
  promessas,
  reguaEnvios,
  usuarios,
} from '../../db/schema/index.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { buscarSistemaSettings, salvarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { DEFAULT_TEMPLATES } from '../mensagens/default-templates.ts';
import { criarUsuario } from '../usuarios/usuarios.service.ts';
import { boletosDemo } from './demo-conciliacao.ts';
import type { EnvioRegua } from './demo-mensagens.ts';
import { vincularPixDemo } from './demo-pix.ts';
import { type ClientePlano, linhaCliente, planejarDemo } from './demo-plano.ts';

export type DemoCredencial = { role: Role; name: string; email: string; password: string };

// Demo accounts of an embedded, throw-away database: the password is public on purpose.
const SENHA_DEMO = 'Demo@2026';

export const DEMO_CREDENCIAIS: readonly DemoCredencial[] = [
  {
    role: 'super_admin',
    name: 'Super Admin Demo',
    email: 'superadmin@demo.cobranca.local',
    password: SENHA_DEMO,
  },
  { role: 'admin', name: 'Admin Demo', email: 'admin@demo.cobranca.local', password: SENHA_DEMO },
  { role: 'operador', name: 'Ana Operadora', email: 'operador@demo.cobranca.local', password: SENHA_DEMO },
  { role: 'operador', name: 'Bruno Operador', email: 'bruno@demo.cobranca.local', password: SENHA_DEMO },
  { role: 'operador', name: 'Carla Operadora', email: 'carla@demo.cobranca.local', password: SENHA_DEMO },
];

type Ids = { clientes: Map<string, number>; contas: Map<string, number> };

const idDe = (mapa: Map<string, number>, chave: string): number => {
  const id = mapa.get(chave);
  if (id === undefined) throw new Error(`demo seed: id de ${chave} não encontrado`);
  return id;
};

/** True while there is no account yet: the only state in which the demo may be loaded. */
export const isDatabaseEmpty = async (db: Db): Promise<boolean> => {
  const [row] = await db.select({ id: usuarios.id }).from(usuarios).limit(1);
  return row === undefined;
};

/** Loads the demo accounts and data into an empty database; returns the credentials to show. */
/** The demo company's CNPJ as its PIX key (a static key; no bank is involved in the demo). */
/** How the demo company is reached besides WhatsApp (shown by the portal). */
export const DEMO_CONTATO = '(11) 4002-8922, de segunda a sexta, das 9h às 18h';

export const DEMO_PIX = {
  chave: '11222333000181',
  nome_recebedor: 'Empresa Demonstracao',
  cidade: 'Sao Paulo',
};

export const seedDemo = async (db: Db): Promise<DemoCredencial[]> => {
  if (!(await isDatabaseEmpty(db)))
    throw new Error('Os dados de demonstração só são carregados num banco vazio.');
  // One transaction: a failure leaves the database empty, so the seed can simply run again.
  await db.transaction(async (tx) => {
    const operadorIds: number[] = [];
    for (const { name, email, password, role } of DEMO_CREDENCIAIS) {
      const usuario = await criarUsuario(tx, { name, email, password, role }, { usuarioId: null, ip: null });
      if (role === 'operador') operadorIds.push(usuario.id);
    }
    const settings = await buscarSistemaSettings(tx);
    // A PIX key, so the régua's messages show a real "copia e cola" code from the first start.
    // A contact for the portal's pages (docs/produto.md §22), as a real company would set.
    await salvarSistemaSettings(
      tx,
      { ...settings, pix: DEMO_PIX, empresa: { ...settings.empresa, contato: DEMO_CONTATO } },
      null,
    );
    const { empresa, regua } = settings;
    const plano = planejarDemo({ agora: new Date(), operadorIds, empresa, regua });
    const contagens = await gravarPlano(tx, plano);
    await registrarAuditoria(tx, {
      usuarioId: null,
      acao: 'demo.seed',
      descricao: `Dados de demonstração carregados: ${contagens.clientes} clientes e ${contagens.contas} contas a receber`,
      entidade: 'demo',
      detalhes: { usuarios: DEMO_CREDENCIAIS.length, ...contagens },
    });
  });
  return DEMO_CREDENCIAIS.map((credencial) => ({ ...credencial }));
};

const gravarPlano = async (tx: Tx, plano: ClientePlano[]) => {
  const templates = await inserirTemplates(tx);
  const clienteIds = await inserirClientes(tx, plano);
  const ids: Ids = { clientes: clienteIds, contas: await inserirContas(tx, plano, clienteIds) };
  const boletos = await boletosDemo(tx);
  const pagos = await inserirPagamentos(tx, plano, ids);
  const { enviadas, envios } = await inserirMensagens(tx, plano, ids);
  const ligacoes = await inserirChamadas(tx, plano, ids);
  const prometidas = await inserirPromessas(tx, plano, ids);
  return {
    clientes: ids.clientes.size,
    contas: ids.contas.size,
    pagamentos: pagos,
    mensagens: enviadas,
    reguaEnvios: envios,
    chamadas: ligacoes,
    promessas: prometidas,
    templates,
    boletos,
  };
};

const inserirTemplates = async (tx: Tx): Promise<number> => {
  const rows = TEMPLATE_TIPOS.map((tipo) => ({ tipo, texto: DEFAULT_TEMPLATES[tipo] }));
  await tx.insert(mensagemTemplates).values(rows).onConflictDoNothing();
  return rows.length;
};

const inserirClientes = async (tx: Tx, plano: ClientePlano[]): Promise<Map<string, number>> => {
  const rows = await tx
    .insert(clientes)
    .values(plano.map(linhaCliente))
    .returning({ id: clientes.id, documento: clientes.documento });
  return new Map(rows.map((row) => [row.documento, row.id]));
};

/** Keyed by the plan's conta `chave` (matched through the unique description). */
const inserirContas = async (
  tx: Tx,
  plano: ClientePlano[],
  clienteIds: Map<string, number>,
): Promise<Map<string, number>> => {
  const values = plano.flatMap(({ cliente, contas }) =>
    contas.map(({ chave: _chave, forma: _forma, ...conta }) => ({
      ...conta,
      clienteId: idDe(clienteIds, cliente.documento),
    })),
  );
  const rows = await tx
    .insert(contasReceber)
    .values(values)
    .returning({ id: contasReceber.id, descricao: contasReceber.descricao });
  const porDescricao = new Map(rows.map((row) => [row.descricao, row.id]));
  const contas = plano.flatMap((p) => p.contas);
  return new Map(contas.map((conta) => [conta.chave, idDe(porDescricao, conta.descricao)]));
};

const inserirPagamentos = async (tx: Tx, plano: ClientePlano[], ids: Ids): Promise<number> => {
  const values = plano.flatMap(({ cliente, contas }) =>
    contas.flatMap((conta) =>
      conta.status === 'paga' && conta.pagoEm && conta.forma
        ? [
            {
              clienteId: idDe(ids.clientes, cliente.documento),
              contaId: idDe(ids.contas, conta.chave),
              operadorId: cliente.operadorId,
              valorCentavos: conta.valorPagoCentavos,
              principalCentavos: conta.valorPagoCentavos,
              data: conta.pagoEm,
              forma: conta.forma,
            },
          ]
        : [],
    ),
  );
  if (values.length === 0) return 0;
  const inseridos = await tx
    .insert(pagamentos)
    .values(values)
    .returning({ id: pagamentos.id, contaId: pagamentos.contaId });
  const porCliente = new Map(plano.map(({ cliente }) => [idDe(ids.clientes, cliente.documento), cliente]));
  // One payment per paid receivable in the demo: the receivable names its row.
  const porConta = new Map(inseridos.map((linha) => [linha.contaId, linha.id]));
  const { empresa, pix } = await buscarSistemaSettings(tx);
  await vincularPixDemo(
    tx,
    values.flatMap((v) => {
      const pagamentoId = porConta.get(v.contaId);
      const cliente = porCliente.get(v.clienteId);
      return v.forma === 'pix' && pagamentoId !== undefined && cliente
        ? [
            {
              pagamentoId,
              clienteId: v.clienteId,
              contaId: v.contaId,
              valorCentavos: v.valorCentavos,
              data: v.data,
              pagador: { nome: cliente.nome, documento: cliente.documento },
            },
          ]
        : [];
    }),
    { nome: pix.nome_recebedor || empresa.nome, cidade: pix.cidade || 'SAO PAULO' },
  );
  return values.length;
};

const chaveEnvio = (envio: EnvioRegua): string => `demo:${envio.contaChave}:${envio.etapaDias}`;

/** Inserted in time order across customers, so ids follow the conversation order. */
const inserirMensagens = async (tx: Tx, plano: ClientePlano[], ids: Ids) => {
  const todas = plano
    .flatMap(({ cliente, conversa }) => conversa.mensagens.map((mensagem) => ({ cliente, mensagem })))
    .sort((a, b) => a.mensagem.createdAt.getTime() - b.mensagem.createdAt.getTime());
  if (todas.length === 0) return { enviadas: 0, envios: 0 };
  const rows = await tx
    .insert(mensagens)
    .values(
      todas.map(({ cliente, mensagem: { envio, doOperador, ...m } }) => ({
        ...m,
        clienteId: idDe(ids.clientes, cliente.documento),
        telefone: cliente.telefone,
        autorId: doOperador ? cliente.operadorId : null,
        canal: 'whatsapp' as const,
        provedor: 'simulador' as const,
        chaveIdempotencia: envio ? chaveEnvio(envio) : null,
        enviadaEm: m.direcao === 'saida' ? m.createdAt : null,
      })),
    )
    .returning({ id: mensagens.id, chave: mensagens.chaveIdempotencia });
  const mensagemIds = new Map(rows.flatMap((row) => (row.chave ? [[row.chave, row.id] as const] : [])));
  const envios = todas.flatMap(({ mensagem }) =>
    mensagem.envio ? [{ ...mensagem.envio, em: mensagem.createdAt }] : [],
  );
  await inserirEnvios(tx, envios, ids, mensagemIds);
  return { enviadas: rows.length, envios: envios.length };
};

/** The régua steps the demo history already fulfilled: the engine will not send them again. */
const inserirEnvios = async (
  tx: Tx,
  envios: (EnvioRegua & { em: Date })[],
  ids: Ids,
  mensagemIds: Map<string, number>,
): Promise<void> => {
  if (envios.length === 0) return;
  await tx.insert(reguaEnvios).values(
    envios.map((envio) => ({
      contaId: idDe(ids.contas, envio.contaChave),
      etapaDias: envio.etapaDias,
      mensagemId: mensagemIds.get(chaveEnvio(envio)) ?? null,
      status: 'enviado' as const,
      dataReferencia: envio.dataReferencia,
      createdAt: envio.em,
    })),
  );
};

const inserirChamadas = async (tx: Tx, plano: ClientePlano[], ids: Ids): Promise<number> => {
  const values = plano.flatMap(({ cliente, conversa }) =>
    conversa.chamadas.map((chamada) => ({
      ...chamada,
      clienteId: idDe(ids.clientes, cliente.documento),
      operadorId: cliente.operadorId,
    })),
  );
  if (values.length > 0) await tx.insert(chamadas).values(values.sort((a, b) => +a.createdAt - +b.createdAt));
  return values.length;
};

const inserirPromessas = async (tx: Tx, plano: ClientePlano[], ids: Ids): Promise<number> => {
  const values = plano.flatMap(({ cliente, conversa: { promessa } }) =>
    promessa
      ? [{ ...promessa, clienteId: idDe(ids.clientes, cliente.documento), operadorId: cliente.operadorId }]
      : [],
  );
  if (values.length > 0) await tx.insert(promessas).values(values);
  return values.length;
};
