import { randomBytes } from 'node:crypto';
import { PROVEDORES_SMS } from '@cobranca/contracts';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { abrirSegredo, type SegredoLido, valorDoSegredo } from '../../../lib/segredos.ts';
import {
  buscarConfiguracao,
  garantirConfiguracao,
  salvarConfiguracao,
} from '../../configuracoes/configuracoes.repository.ts';
import { type ConfigZenvia, ZENVIA_BASE_URL } from './zenvia-api.ts';

export const SMS_KEY = 'sms';

/**
 * Row `configuracoes['sms']`: `token` holds a secret-box ciphertext. `webhook_segredo` is plain on purpose:
 * it is part of the URL the admin copies to Zenvia (like WhatsApp's verify token).
 */
export const smsArmazenado = z.object({
  provedor: z.enum(PROVEDORES_SMS).default('simulador'),
  base_url: z.string().default(ZENVIA_BASE_URL),
  token: z.string().nullable().default(null),
  remetente: z.string().nullable().default(null),
  webhook_segredo: z.string().nullable().default(null),
});
export type SmsArmazenado = z.infer<typeof smsArmazenado>;

// Bound as AAD, so the ciphertext does not decrypt under another field's name.
export const CONTEXTO_TOKEN_SMS = 'configuracoes.sms.token';

export const decifrarTokenSms = (appKey: Buffer, cifrado: string | null): SegredoLido =>
  abrirSegredo(appKey, CONTEXTO_TOKEN_SMS, cifrado);

/** 32 random bytes, base64url: the secret segment of the webhook URL. */
export const novoSegredoWebhook = (): string => randomBytes(32).toString('base64url');

const parseArmazenado = (valor: unknown): SmsArmazenado => {
  const parsed = smsArmazenado.safeParse(valor ?? {});
  return parsed.success ? parsed.data : smsArmazenado.parse({});
};

export const buscarSmsArmazenado = async (db: DbOrTx): Promise<SmsArmazenado> =>
  parseArmazenado(await buscarConfiguracao(db, SMS_KEY));

/** Inside a transaction: the stored settings with their row locked until it ends. */
export const lockSmsArmazenado = async (tx: DbOrTx): Promise<SmsArmazenado> => {
  await garantirConfiguracao(tx, SMS_KEY, {});
  return parseArmazenado(await buscarConfiguracao(tx, SMS_KEY, { forUpdate: true }));
};

export const salvarSmsArmazenado = (tx: DbOrTx, valor: SmsArmazenado, usuarioId: number | null) =>
  salvarConfiguracao(tx, SMS_KEY, valor, usuarioId);

/** The stored settings, with the webhook secret made and stored the first time anyone needs it. */
export const buscarSmsComSegredo = async (
  db: DbOrTx,
): Promise<SmsArmazenado & { webhook_segredo: string }> => {
  const a = await buscarSmsArmazenado(db);
  if (a.webhook_segredo) return { ...a, webhook_segredo: a.webhook_segredo };
  return db.transaction(async (tx) => {
    const atual = await lockSmsArmazenado(tx);
    // Another request may have made it while this one waited for the lock.
    const webhook_segredo = atual.webhook_segredo ?? novoSegredoWebhook();
    if (!atual.webhook_segredo) await salvarSmsArmazenado(tx, { ...atual, webhook_segredo }, null);
    return { ...atual, webhook_segredo };
  });
};

/** Whether the channel can send: the simulator always; Zenvia with a token and a sender alias. */
export const smsConfigurado = (a: SmsArmazenado): boolean =>
  a.provedor === 'simulador' || Boolean(a.token && a.remetente);

export type SmsConfigurado = {
  provedor: 'simulador' | 'zenvia';
  /** null unless the provider is Zenvia, its token opens and it has a sender. */
  zenvia: ConfigZenvia | null;
  /** The secret segment of `/api/webhooks/zenvia/{segredo}`. */
  webhookSegredo: string;
};

/**
 * The channel as the sender and the webhook use it (server side only: the token decrypted; never send it
 * to a client or a log). A token the current APP_KEY cannot open reads as absent.
 */
export const buscarSmsConfigurado = async (db: DbOrTx, appKey: Buffer): Promise<SmsConfigurado> => {
  const a = await buscarSmsComSegredo(db);
  const token = valorDoSegredo(decifrarTokenSms(appKey, a.token));
  const zenvia =
    a.provedor === 'zenvia' && token && a.remetente
      ? { baseUrl: a.base_url, token, remetente: a.remetente }
      : null;
  return { provedor: a.provedor, zenvia, webhookSegredo: a.webhook_segredo };
};
