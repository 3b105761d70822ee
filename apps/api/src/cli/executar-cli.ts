import { parseArgs } from 'node:util';
import {
  emailField,
  newPasswordField,
  personNameField,
  ROLE_LABELS,
  ROLES,
  simularRespostaBody,
  tarefaIdParam,
} from '@cobranca/contracts';
import { contagem, formatarReais } from '@cobranca/dominio';
import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Config, loadConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { contasReceber, pagamentos, pixRecebidos } from '../db/schema/index.ts';
import { iniciarFila, tarefasProntasOuAtivas } from '../fila/fila.ts';
import { TAREFAS } from '../fila/tarefas.ts';
import { ErroDominio } from '../lib/errors.ts';
import { normalizarCelular } from '../lib/telefone.ts';
import { divergenciasDosAgregados, recalcularAgregados } from '../modules/agregados/agregados.service.ts';
import { buscarClienteAdminOrThrow } from '../modules/clientes/clientes-admin.repository.ts';
import { buscarSistemaSettings } from '../modules/configuracoes/configuracoes.repository.ts';
import { isDatabaseEmpty, seedDemo } from '../modules/demo/demo-seed.ts';
import { printCredentials } from '../modules/demo/print-credentials.ts';
import { configurarUrlPublica } from '../modules/links-portal/links.ts';
import { idMensagemSimulada, receberMensagem } from '../modules/mensagens/receber-mensagem.service.ts';
import { pagarCobrancaSimulada } from '../modules/pix/liquidacao/simulacao-pix.service.ts';
import { depsDoProcesso } from '../modules/regua/deps-processo.ts';
import { executarPassada } from '../modules/regua/motor.ts';
import { descartarTarefa, painelDeTarefas, repetirTarefa } from '../modules/super-admin/tarefas.service.ts';
import { criarUsuario } from '../modules/usuarios/usuarios.service.ts';

const USAGE = `Uso:
  npm run cli -- user:create --role <super_admin|admin|operador> --name <nome> --email <email> --password <senha>
  npm run cli -- demo:seed
  npm run cli -- regua:executar
  npm run cli -- simular-resposta --telefone <+55…> --texto <texto>
  npm run cli -- simular-pix --txid <txid>
  npm run cli -- agregados:recalcular
  npm run cli -- tarefas:listar
  npm run cli -- tarefas:repetir --id <uuid>
  npm run cli -- tarefas:descartar --id <uuid>`;

const userCreateArgs = z.object({
  role: z.enum(ROLES, { error: `--role deve ser um de: ${ROLES.join(', ')}` }),
  name: personNameField,
  email: emailField,
  password: newPasswordField,
});

/** Reads the arguments (a mistake fails before the database opens), then answers what runs on it. */
type Command = (args: string[]) => (database: Database, config: Config) => Promise<void>;

const userCreate: Command = (args) => {
  const { values } = parseArgs({
    args,
    options: {
      role: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
    },
  });
  const input = userCreateArgs.parse(values);
  return async (database) => {
    const usuario = await criarUsuario(database.db, input, { usuarioId: null, ip: 'cli' });
    console.log(
      `${ROLE_LABELS[usuario.role]} criado: #${usuario.id} ${usuario.name} <${usuario.email}> (${database.kind})`,
    );
  };
};

const demoSeed: Command = () => async (database) => {
  if (!(await isDatabaseEmpty(database.db))) {
    throw new ErroDominio(
      'BANCO_NAO_VAZIO',
      'O banco já tem usuários: os dados de demonstração só são carregados num banco vazio.',
    );
  }
  printCredentials(await seedDemo(database.db));
};

const reguaExecutar: Command = () => async (database, config) => {
  const contagens = await executarPassada(depsDoProcesso(database.db, config.appKey, 'cli'));
  const resumo = Object.entries(contagens).map(([chave, valor]) => `${chave.replaceAll('_', ' ')}: ${valor}`);
  console.log(`Régua executada (${database.kind}) — ${resumo.join(', ')}`);
};

/**
 * Rebuilds the dashboards' read models from the base tables (docs/decisions/025-agregados.md), saying
 * first which figures had drifted and then checking that none does.
 */
const agregadosRecalcular: Command = () => async (database) => {
  const { db } = database;
  const { fuso_horario: fuso } = await buscarSistemaSettings(db);
  const antes = await divergenciasDosAgregados(db, new Date(), fuso);
  for (const d of antes)
    console.log(
      `Divergia: ${d.figura}: agregado ${JSON.stringify(d.agregado)}, direto ${JSON.stringify(d.direto)}`,
    );
  const inicio = performance.now();
  await recalcularAgregados(db);
  const depois = await divergenciasDosAgregados(db, new Date(), fuso);
  if (depois.length > 0)
    throw new Error(`os agregados ainda divergem em: ${depois.map((d) => d.figura).join(', ')}`);
  const segundos = ((performance.now() - inicio) / 1000).toLocaleString('pt-BR', {
    maximumFractionDigits: 1,
  });
  console.log(
    `Agregados recalculados em ${segundos} s (${database.kind}): ${
      antes.length === 0
        ? 'nenhuma figura divergia'
        : contagem(antes.length, 'figura corrigida', 'figuras corrigidas')
    }.`,
  );
};

const simularRespostaArgs = z.object({
  telefone: z
    .string({ error: 'informe o celular do cliente.' })
    .transform(normalizarCelular)
    .pipe(z.string({ error: 'celular inválido.' })),
  texto: simularRespostaBody.shape.texto,
});

/** A customer's reply arriving through the simulator, matched by phone like a real one (docs/produto.md §12). */
const simularResposta: Command = (args) => {
  const { values } = parseArgs({
    args,
    options: { telefone: { type: 'string' }, texto: { type: 'string' } },
  });
  const { telefone, texto } = simularRespostaArgs.parse(values);
  return (database) => responderSimulado(database, telefone, texto);
};

const responderSimulado = async (database: Database, telefone: string, texto: string) => {
  const r = await receberMensagem(database.db, {
    canal: 'whatsapp',
    provedor: 'simulador',
    telefone,
    conteudo: texto,
    canalMensagemId: idMensagemSimulada(),
    recebidaEm: new Date(),
  });
  if (r.clienteId === null) {
    console.log(`Nenhum cliente tem o telefone ${telefone}: mensagem #${r.mensagemId} guardada sem vínculo.`);
    return;
  }
  const cliente = await buscarClienteAdminOrThrow(database.db, r.clienteId);
  const optOut = r.optOut ? ', em opt-out' : '';
  console.log(
    `Resposta registrada para o cliente #${cliente.id} ${cliente.nome}: status ${r.clienteStatus}${optOut}.`,
  );
};

const simularPixArgs = z.object({
  txid: z
    .string({ error: 'informe o txid da cobrança PIX.' })
    .trim()
    .min(1, 'informe o txid da cobrança PIX.'),
});

/**
 * Pays an active charge on the simulator as its customer would (docs/produto.md §21): the amount the
 * charge asks today (a cobv past its due date adds multa and juros, §7) goes through the same
 * confirm-and-settle path as a PSP's confirmed PIX.
 */
const simularPix: Command = (args) => {
  const { values } = parseArgs({ args, options: { txid: { type: 'string' } } });
  const { txid } = simularPixArgs.parse(values);
  return (database, config) => pagarSimulado(database, config, txid);
};

const pagarSimulado = async (database: Database, config: Config, txid: string) => {
  const { db } = database;
  const {
    cobranca,
    cliente,
    valorCentavos,
    endToEndId,
    resultado: r,
  } = await pagarCobrancaSimulada(db, config.appKey, txid, { usuarioId: null, ip: 'cli' });
  const quem = `${cliente.nome} (cliente #${cobranca.clienteId})`;
  if (r.situacao !== 'conciliado') {
    console.log(
      `PIX de ${formatarReais(valorCentavos)} recebido para ${quem}, mas nenhuma dívida em aberto correspondia: guardado como crédito a atribuir.`,
    );
    return;
  }
  const [quitadas] = await db
    .select({ n: count() })
    .from(pagamentos)
    .innerJoin(pixRecebidos, eq(pixRecebidos.id, pagamentos.pixRecebidoId))
    .innerJoin(contasReceber, eq(contasReceber.id, pagamentos.contaId))
    .where(and(eq(pixRecebidos.endToEndId, endToEndId), eq(contasReceber.status, 'paga')));
  const credito =
    r.creditoCentavos > 0 ? `; ${formatarReais(r.creditoCentavos)} ficou como crédito a atribuir` : '';
  console.log(
    `Pagamento PIX de ${formatarReais(r.pagoCentavos)} registrado para ${quem}: ${contagem(quitadas?.n ?? 0, 'conta quitada', 'contas quitadas')}${credito}.`,
  );
};

const segundos = (s: number | null) =>
  s === null
    ? '—'
    : s < 60
      ? `${s} s`
      : s < 3_600
        ? `${Math.floor(s / 60)} min`
        : `${Math.floor(s / 3_600)} h`;

/** The queue per job type and its dead jobs (docs/efeitos-colaterais.md §5). */
const tarefasListar: Command = () => async (database) => {
  const { tipos, mortas } = await painelDeTarefas(database.db, TAREFAS);
  console.log(
    'Tarefas por tipo (aguardando · em execução · falhas em 24 h · mortas · mais antiga aguardando):',
  );
  for (const t of tipos)
    console.log(
      `  ${t.nome.padEnd(28)} ${String(t.aguardando).padStart(5)} · ${String(t.em_execucao).padStart(3)} · ${String(t.falhas_24h).padStart(4)} · ${String(t.mortas).padStart(4)} · ${segundos(t.mais_antiga_aguardando_ha_segundos)}  ${t.descricao}`,
    );
  if (mortas.length === 0) {
    console.log('Nenhuma tarefa falhou de vez.');
    return;
  }
  console.log(`${contagem(mortas.length, 'tarefa falhou', 'tarefas falharam')} de vez:`);
  for (const m of mortas)
    console.log(
      `  ${m.id}  ${m.nome} (${m.chave ?? 'sem chave'}), ${contagem(m.tentativas, 'tentativa', 'tentativas')}, em ${m.morreu_em ?? '—'}: ${m.erro ?? 'sem erro registrado'}`,
    );
};

const idDaTarefa = (args: string[]) => {
  const { values } = parseArgs({ args, options: { id: { type: 'string' } } });
  return tarefaIdParam.parse(values).id;
};

const tarefasRepetir: Command = (args) => {
  const id = idDaTarefa(args);
  return async (database) => {
    const t = await repetirTarefa(database.db, id, { usuarioId: null, ip: 'cli' });
    console.log(`Tarefa ${t.id} (${t.nome}) posta para tentar de novo.`);
  };
};

const tarefasDescartar: Command = (args) => {
  const id = idDaTarefa(args);
  return async (database) => {
    const t = await descartarTarefa(database.db, id, { usuarioId: null, ip: 'cli' });
    console.log(`Tarefa ${t.id} (${t.nome}) descartada; o registro de auditoria guarda o último erro.`);
  };
};

const COMMANDS: Record<string, Command> = {
  'user:create': userCreate,
  'demo:seed': demoSeed,
  'regua:executar': reguaExecutar,
  'simular-resposta': simularResposta,
  'simular-pix': simularPix,
  'agregados:recalcular': agregadosRecalcular,
  'tarefas:listar': tarefasListar,
  'tarefas:repetir': tarefasRepetir,
  'tarefas:descartar': tarefasDescartar,
};

/**
 * On PGlite no other process may open the database while the CLI has it, so the jobs a command enqueued
 * (a thank-you after `simular-pix`, a retried job) run here before it exits; on PostgreSQL the workers
 * take them.
 */
const executarTarefasPendentes = async (database: Database, config: Config) => {
  if (database.kind !== 'pglite' || (await tarefasProntasOuAtivas(database, TAREFAS)) === 0) return;
  const fila = await iniciarFila({
    database,
    tarefas: TAREFAS,
    contexto: { db: database.db, appKey: config.appKey, log: { info() {}, warn() {}, error() {} } },
  });
  try {
    await fila.ociosa(60_000);
  } finally {
    await fila.parar(5_000);
  }
};

const describeError = (error: unknown): string => {
  if (error instanceof z.ZodError)
    return error.issues.map((i) => `${i.path.join('.') || 'argumentos'}: ${i.message}`).join('\n');
  if (error instanceof ErroDominio) {
    const fields = Object.entries(error.errors ?? {}).map(
      ([field, messages]) => `${field}: ${messages.join(' ')}`,
    );
    return [error.message, ...fields.filter((f) => !f.endsWith(error.message))].join('\n');
  }
  return error instanceof Error ? error.message : String(error);
};

/** Runs `npm run cli -- <argv>` with `env` as the configuration; answers the exit code. */
export const executarCli = async (argv: string[], env: NodeJS.ProcessEnv): Promise<number> => {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(name ? `Comando desconhecido: ${name}\n${USAGE}` : USAGE);
    return 2;
  }
  let database: Database | undefined;
  try {
    const executar = command(args);
    const config = loadConfig(env);
    configurarUrlPublica(config.publicUrl);
    database = await openConfiguredDatabase(config);
    await executar(database, config);
    await executarTarefasPendentes(database, config);
    return 0;
  } catch (error) {
    console.error(error instanceof DataDirLockedError ? error.message : `Erro: ${describeError(error)}`);
    return 1;
  } finally {
    await database?.close();
  }
};
