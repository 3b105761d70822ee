import { type Canal, type SistemaSettings, sistemaSettings } from '@cobranca/contracts';
import { hojeNoFuso, instanteNoFuso, minutosDoDia } from '@cobranca/dominio';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mensagens, reguaEnvios } from '../../db/schema/index.ts';
import { criarRelogioManual } from '../../lib/relogio.ts';
import {
  type Canais,
  type CanalDriver,
  type EnvioCanal,
  type ResultadoEnvio,
  soWhatsapp,
} from '../canais/canal.ts';
import { criarSimulador } from '../canais/simulador.ts';
import { inserirCliente } from '../clientes/clientes.test-fixtures.ts';
import {
  buscarSistemaSettings,
  KILL_SWITCH_KEY,
  salvarConfiguracao,
  salvarSistemaSettings,
} from '../configuracoes/configuracoes.repository.ts';
import { provedorSimulado } from '../pix/configuracao/provedor-ativo.ts';
import { prepararCobrancas } from './cobrancas-da-regua.ts';
import { reivindicar } from './enviador.ts';
import type { DepsMotor } from './motor.ts';

// Shared set-up of the engine suites: a manual clock, a channel that counts, settings overrides.

/** An instant in São Paulo: `em('2026-12-15', '09:00')`. */
export const em = (data: string, hhmm: string): Date =>
  instanteNoFuso(data, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));

/** Saves the defaults with `mudancas`; throws on invalid settings, which the engine would read as the defaults. */
export const configurar = (db: Db, mudancas: Partial<SistemaSettings>) =>
  salvarSistemaSettings(db, sistemaSettings.parse({ ...sistemaSettings.parse({}), ...mudancas }), null);

/** What a sender does first: the charges (on the simulator) of the messages due at `agora`; answers how many. */
export const cobrarPendentes = async (db: Db, agora: Date): Promise<number> => {
  const lote = await reivindicar(db, agora, 100, true, undefined, 'cobranca');
  const pix = await provedorSimulado(db);
  const { prontas } = await prepararCobrancas(
    db,
    async () => pix,
    await buscarSistemaSettings(db),
    lote,
    agora,
  );
  return prontas;
};

export const definirKillSwitch = (db: Db, ativa: boolean) =>
  salvarConfiguracao(db, KILL_SWITCH_KEY, { ativa }, null);

/** Every day, all day (tests that are not about the calendar). */
export const JANELA_SEMPRE: SistemaSettings['janela_envio'] = {
  dias_uteis: { inicio: '00:00', fim: '23:59' },
  sabado: { inicio: '00:00', fim: '23:59' },
  domingo: { inicio: '00:00', fim: '23:59' },
  feriados_nacionais: true,
};

/**
 * A channel that answers with the simulator (or `responder`) and counts every call per message; `canais`
 * gives every channel such a driver (all counted together), else WhatsApp alone.
 */
export const canalContador = (
  agora: () => Date,
  responder?: (envio: EnvioCanal, chamada: number, canal: Canal) => ResultadoEnvio | undefined,
) => {
  const chamadas = new Map<number, number>();
  const contador = (canal: Canal): CanalDriver => {
    const simulador = criarSimulador(canal, agora);
    return {
      canal,
      provedor: 'simulador',
      enviar: async (envio) => {
        const n = (chamadas.get(envio.mensagemId) ?? 0) + 1;
        chamadas.set(envio.mensagemId, n);
        return responder?.(envio, n, canal) ?? simulador.enviar(envio);
      },
    };
  };
  const driver = contador('whatsapp');
  const todos: Canais = { whatsapp: driver, email: contador('email'), sms: contador('sms') };
  return { driver, todos, chamadas };
};

/** APP_KEY of the engines the tests build (the portal links of their messages derive from it). */
export const CHAVE_DE_TESTE = Buffer.alloc(32, 7);

export const montarMotor = (
  db: Db,
  inicio: Date,
  responder?: Parameters<typeof canalContador>[1],
  opcoes: { todosOsCanais?: boolean } = {},
) => {
  const relogio = criarRelogioManual(inicio);
  const canal = canalContador(relogio.agora, responder);
  const canais = opcoes.todosOsCanais ? canal.todos : soWhatsapp(canal.driver);
  const deps: DepsMotor = {
    db,
    appKey: CHAVE_DE_TESTE,
    canaisDe: async () => canais,
    relogio,
    worker: 'teste',
    aleatorio: () => 0.5,
  };
  return { deps, relogio, chamadas: canal.chamadas };
};

export const mensagensRegua = async (db: Db, clienteId?: number) => {
  const rows = await db
    .select()
    .from(mensagens)
    .where(clienteId === undefined ? eq(mensagens.origem, 'regua') : eq(mensagens.clienteId, clienteId))
    .orderBy(asc(mensagens.id));
  return rows.filter((m) => m.origem === 'regua');
};

/** (template, São Paulo date and time of sending) of each sent régua message: what a month test compares. */
export const resumoEnvios = (rows: Awaited<ReturnType<typeof mensagensRegua>>) =>
  rows
    .filter((m) => m.enviadaEm)
    .map((m) => {
      const enviada = m.enviadaEm as Date;
      const minutos = minutosDoDia(enviada);
      const hora = `${String(Math.floor(minutos / 60)).padStart(2, '0')}:${String(minutos % 60).padStart(2, '0')}`;
      return `${m.templateTipo} ${hojeNoFuso(enviada)} ${hora}`;
    });

export const enviosDaConta = (db: Db, contaId: number) =>
  db.select().from(reguaEnvios).where(eq(reguaEnvios.contaId, contaId)).orderBy(asc(reguaEnvios.etapaDias));

/** `n` régua messages waiting in the outbox for the Cloud API, each for its own customer (template set). */
export const inserirPendentesCloud = async (db: Db, n: number): Promise<void> => {
  for (let i = 0; i < n; i += 1) {
    const clienteId = await inserirCliente(db, { nome: `Cliente ${i}` });
    await db.insert(mensagens).values({
      clienteId,
      telefone: `+55119${String(70_000_000 + i)}`,
      direcao: 'saida',
      origem: 'regua',
      status: 'pendente',
      conteudo: `Mensagem ${i}`,
      canal: 'whatsapp',
      provedor: 'whatsapp_cloud',
      templateCanal: { nome: 'cobranca_vencimento', idioma: 'pt_BR', parametros: [`Cliente ${i}`] },
    });
  }
};
