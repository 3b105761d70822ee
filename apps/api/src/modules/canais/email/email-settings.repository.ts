import { PROVEDORES_EMAIL, SEGURANCAS_CONEXAO, type SegurancaConexao } from '@cobranca/contracts';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { abrirSegredo, cifrarSegredoEm, type SegredoLido, valorDoSegredo } from '../../../lib/segredos.ts';
import {
  buscarConfiguracao,
  buscarSistemaSettings,
  garantirConfiguracao,
  salvarConfiguracao,
} from '../../configuracoes/configuracoes.repository.ts';
import { urlPublicaBase } from '../../links-portal/links.ts';
import { dkimAlinhado } from './dominio.ts';
import type { ConfigSmtp } from './smtp.ts';

export const EMAIL_KEY = 'email';
export const PORTA_SMTP_PADRAO = 587;
export const SELETOR_DKIM_PADRAO = 'cobranca';
export const LIMITE_POR_MINUTO_PADRAO = 600;
/** Where the inbox reader moves what it took (created if missing); not on the admin screen. */
export const PASTA_PROCESSADAS = 'Processadas';

const seguranca = z.enum(SEGURANCAS_CONEXAO);

/**
 * Row `configuracoes['email']`: `smtp.senha`, `imap.senha` and `dkim.chave_privada` hold secret-box
 * ciphertexts, never plain text.
 */
export const emailArmazenado = z.object({
  provedor: z.enum(PROVEDORES_EMAIL).default('simulador'),
  smtp: z
    .object({
      host: z.string().nullable().default(null),
      porta: z.number().int().default(PORTA_SMTP_PADRAO),
      seguranca: seguranca.default('starttls'),
      usuario: z.string().nullable().default(null),
      senha: z.string().nullable().default(null),
    })
    .default({ host: null, porta: PORTA_SMTP_PADRAO, seguranca: 'starttls', usuario: null, senha: null }),
  remetente: z
    .object({ email: z.string().nullable().default(null), nome: z.string().nullable().default(null) })
    .default({ email: null, nome: null }),
  dkim: z
    .object({ dominio: z.string(), seletor: z.string(), chave_privada: z.string().nullable() })
    .nullable()
    .default(null),
  imap: z
    .object({
      host: z.string(),
      porta: z.number().int(),
      seguranca,
      usuario: z.string(),
      senha: z.string().nullable(),
      pasta: z.string(),
    })
    .nullable()
    .default(null),
  limite_por_minuto: z.number().int().default(LIMITE_POR_MINUTO_PADRAO),
});
export type EmailArmazenado = z.infer<typeof emailArmazenado>;

export type SegredoEmail = 'smtp.senha' | 'imap.senha' | 'dkim.chave_privada';

// Bound as AAD, so a ciphertext copied from one field to another does not decrypt.
export const contextoEmail = (campo: SegredoEmail) => `configuracoes.email.${campo}`;

export const cifrarSegredoEmail = (appKey: Buffer, campo: SegredoEmail, valor: string) =>
  cifrarSegredoEm(appKey, contextoEmail(campo), valor);

export const decifrarSegredoEmail = (
  appKey: Buffer,
  campo: SegredoEmail,
  cifrado: string | null | undefined,
): SegredoLido => abrirSegredo(appKey, contextoEmail(campo), cifrado ?? null);

const parseArmazenado = (valor: unknown): EmailArmazenado => {
  const parsed = emailArmazenado.safeParse(valor ?? {});
  return parsed.success ? parsed.data : emailArmazenado.parse({});
};

export const buscarEmailArmazenado = async (db: DbOrTx): Promise<EmailArmazenado> =>
  parseArmazenado(await buscarConfiguracao(db, EMAIL_KEY));

/** Inside a transaction: the stored settings with their row locked until it ends. */
export const lockEmailArmazenado = async (tx: DbOrTx): Promise<EmailArmazenado> => {
  await garantirConfiguracao(tx, EMAIL_KEY, {});
  return parseArmazenado(await buscarConfiguracao(tx, EMAIL_KEY, { forUpdate: true }));
};

export const salvarEmailArmazenado = (tx: DbOrTx, valor: EmailArmazenado, usuarioId: number | null) =>
  salvarConfiguracao(tx, EMAIL_KEY, valor, usuarioId);

/** Whether the channel can send: the simulator always; SMTP with a server and a From address. */
export const emailConfigurado = (a: EmailArmazenado): boolean =>
  a.provedor === 'simulador' || Boolean(a.smtp.host && a.remetente.email);

/** What the inbox reader (entrada/caixa-imap.ts `ConfigImap`) needs to log in and claim messages. */
export type ImapConfigurado = {
  host: string;
  porta: number;
  seguranca: SegurancaConexao;
  usuario: string;
  senha: string;
  pasta: string;
  pastaProcessadas: string;
};

export type EmailConfigurado = {
  provedor: 'simulador' | 'smtp';
  /** null unless the provider is SMTP and its settings are complete. */
  smtp: ConfigSmtp | null;
  remetente: { email: string; nome: string };
  dkim: { dominio: string; seletor: string; chavePrivada: string } | null;
  imap: ImapConfigurado | null;
  limitePorMinuto: number;
};

const remetentePadrao = (): string => `cobranca@${new URL(urlPublicaBase()).hostname}`;

/**
 * The channel as the sender and the inbox reader use it (server side only: secrets decrypted; never send
 * it to a client or a log). A secret the current APP_KEY cannot open reads as absent.
 */
export const buscarEmailConfigurado = async (db: DbOrTx, appKey: Buffer): Promise<EmailConfigurado> => {
  const a = await buscarEmailArmazenado(db);
  const remetente = {
    email: a.remetente.email ?? remetentePadrao(),
    nome: a.remetente.nome ?? (await buscarSistemaSettings(db)).empresa.nome,
  };
  const chavePrivada = valorDoSegredo(
    decifrarSegredoEmail(appKey, 'dkim.chave_privada', a.dkim?.chave_privada),
  );
  // An unaligned key would make the transport refuse to start: better unsigned than not sent.
  const dkim =
    a.dkim && chavePrivada && dkimAlinhado(a.dkim.dominio, remetente.email)
      ? { dominio: a.dkim.dominio, seletor: a.dkim.seletor, chavePrivada }
      : null;
  const smtp: ConfigSmtp | null =
    a.provedor === 'smtp' && emailConfigurado(a) && a.smtp.host
      ? {
          host: a.smtp.host,
          porta: a.smtp.porta,
          seguranca: a.smtp.seguranca,
          usuario: a.smtp.usuario,
          senha: valorDoSegredo(decifrarSegredoEmail(appKey, 'smtp.senha', a.smtp.senha)),
          remetente,
          dkim,
        }
      : null;
  const senhaImap = valorDoSegredo(decifrarSegredoEmail(appKey, 'imap.senha', a.imap?.senha));
  const imap =
    a.imap && senhaImap !== null
      ? {
          host: a.imap.host,
          porta: a.imap.porta,
          seguranca: a.imap.seguranca,
          usuario: a.imap.usuario,
          senha: senhaImap,
          pasta: a.imap.pasta,
          pastaProcessadas: PASTA_PROCESSADAS,
        }
      : null;
  return { provedor: a.provedor, smtp, remetente, dkim, imap, limitePorMinuto: a.limite_por_minuto };
};
