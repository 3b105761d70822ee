import { PROVEDORES_WHATSAPP, WHATSAPP_CONEXAO_STATUSES, type WhatsappStatus } from '@cobranca/contracts';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { abrirSegredo, cifrarSegredoEm, type SegredoLido, valorDoSegredo } from '../../lib/segredos.ts';
import {
  buscarConfiguracao,
  garantirConfiguracao,
  salvarConfiguracao,
} from '../configuracoes/configuracoes.repository.ts';

export const WHATSAPP_KEY = 'whatsapp';
export const API_VERSION_PADRAO = 'v23.0';
export const BASE_URL_PADRAO = 'https://graph.facebook.com';

const ultimoStatus = z.object({
  status: z.enum(WHATSAPP_CONEXAO_STATUSES),
  numero_exibicao: z.string().nullable().default(null),
  nome_verificado: z.string().nullable().default(null),
  qualidade: z.string().nullable().default(null),
  verificado_em: z.string().nullable().default(null),
  erro: z.string().nullable().default(null),
});
export type UltimoStatus = z.infer<typeof ultimoStatus>;

/** Row `configuracoes['whatsapp']`: `access_token` and `app_secret` hold secret-box ciphertexts, never plain text. */
export const whatsappArmazenado = z.object({
  provedor: z.enum(PROVEDORES_WHATSAPP).default('simulador'),
  phone_number_id: z.string().nullable().default(null),
  access_token: z.string().nullable().default(null),
  app_secret: z.string().nullable().default(null),
  webhook_verify_token: z.string().nullable().default(null),
  api_version: z.string().default(API_VERSION_PADRAO),
  base_url: z.string().default(BASE_URL_PADRAO),
  ultimo_status: ultimoStatus.nullable().default(null),
});
export type WhatsappArmazenado = z.infer<typeof whatsappArmazenado>;

export type SegredoWhatsapp = 'access_token' | 'app_secret';

// Bound as AAD, so a ciphertext copied from one field to the other does not decrypt.
export const contextoWhatsapp = (campo: SegredoWhatsapp) => `configuracoes.whatsapp.${campo}`;

export const cifrarSegredo = (appKey: Buffer, campo: SegredoWhatsapp, valor: string) =>
  cifrarSegredoEm(appKey, contextoWhatsapp(campo), valor);

export const decifrarSegredo = (
  appKey: Buffer,
  campo: SegredoWhatsapp,
  cifrado: string | null,
): SegredoLido => abrirSegredo(appKey, contextoWhatsapp(campo), cifrado);

const parseArmazenado = (valor: unknown): WhatsappArmazenado => {
  const parsed = whatsappArmazenado.safeParse(valor ?? {});
  return parsed.success ? parsed.data : whatsappArmazenado.parse({});
};

export const buscarWhatsappArmazenado = async (db: DbOrTx): Promise<WhatsappArmazenado> =>
  parseArmazenado(await buscarConfiguracao(db, WHATSAPP_KEY));

/** Inside a transaction: the stored settings with their row locked until it ends. */
export const lockWhatsappArmazenado = async (tx: DbOrTx): Promise<WhatsappArmazenado> => {
  await garantirConfiguracao(tx, WHATSAPP_KEY, {});
  return parseArmazenado(await buscarConfiguracao(tx, WHATSAPP_KEY, { forUpdate: true }));
};

export const salvarWhatsappArmazenado = (tx: DbOrTx, valor: WhatsappArmazenado, usuarioId: number | null) =>
  salvarConfiguracao(tx, WHATSAPP_KEY, valor, usuarioId);

const SIMULADOR: Omit<WhatsappStatus, 'verificado_em'> = {
  provedor: 'simulador',
  status: 'conectado',
  numero_exibicao: 'Simulador',
  nome_verificado: 'Simulador embutido',
  qualidade: null,
  erro: null,
};

export const NAO_CONFIGURADO: UltimoStatus = {
  status: 'nao_configurado',
  numero_exibicao: null,
  nome_verificado: null,
  qualidade: null,
  verificado_em: null,
  erro: null,
};

/** The channel status shown everywhere (templates screen, health): the simulator is always connected. */
export const statusDoCanal = (armazenado: WhatsappArmazenado): WhatsappStatus => {
  const ultimo = armazenado.ultimo_status;
  if (armazenado.provedor === 'simulador')
    return { ...SIMULADOR, verificado_em: ultimo?.status === 'conectado' ? ultimo.verificado_em : null };
  return { provedor: 'whatsapp_cloud', ...(ultimo ?? NAO_CONFIGURADO) };
};

export const buscarWhatsappStatus = async (db: DbOrTx): Promise<WhatsappStatus> =>
  statusDoCanal(await buscarWhatsappArmazenado(db));

export type WhatsappCredenciais = {
  phoneNumberId: string | null;
  accessToken: string | null;
  appSecret: string | null;
  webhookVerifyToken: string | null;
  apiVersion: string;
  baseUrl: string;
};

/**
 * Decrypted credentials for the Cloud API driver and the webhook (server side only; never send
 * them to a client or a log). A secret the current APP_KEY cannot open reads as null.
 */
export const buscarWhatsappCredenciais = async (db: DbOrTx, appKey: Buffer): Promise<WhatsappCredenciais> => {
  const a = await buscarWhatsappArmazenado(db);
  return {
    phoneNumberId: a.phone_number_id,
    accessToken: valorDoSegredo(decifrarSegredo(appKey, 'access_token', a.access_token)),
    appSecret: valorDoSegredo(decifrarSegredo(appKey, 'app_secret', a.app_secret)),
    webhookVerifyToken: a.webhook_verify_token,
    apiVersion: a.api_version,
    baseUrl: a.base_url,
  };
};
