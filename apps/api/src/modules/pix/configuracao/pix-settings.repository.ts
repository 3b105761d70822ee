import {
  CERTIFICADO_FORMATOS,
  PIX_CONEXAO_STATUSES,
  PIX_PROVEDORES,
  TIPOS_CONTA_RECEBEDOR,
} from '@cobranca/contracts';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { abrirSegredo, cifrarSegredoEm, type SegredoLido, valorDoSegredo } from '../../../lib/segredos.ts';
import {
  buscarConfiguracao,
  garantirConfiguracao,
  salvarConfiguracao,
} from '../../configuracoes/configuracoes.repository.ts';
import type { CertificadoCliente } from '../psp/certificado-cliente.ts';

// Row `configuracoes['pix']`: the payment provider (docs/produto.md §21). The client secret, the
// private key, the PKCS#12 file and its password and the webhook's secret segment are secret-box
// ciphertexts; the certificate itself is public.

export const PIX_KEY = 'pix';
export const VALIDADE_APOS_VENCIMENTO_PADRAO = 30;

const ultimoStatus = z.object({
  status: z.enum(PIX_CONEXAO_STATUSES),
  mensagem: z.string().nullable().default(null),
  verificado_em: z.string().nullable().default(null),
  /** Whether the PSP answered PIX Automático; null when not checked (rows from before it). */
  recorrencias: z.boolean().nullable().default(null),
});
export type UltimoStatusPix = z.infer<typeof ultimoStatus>;

export const pixArmazenado = z.object({
  provedor: z.enum(PIX_PROVEDORES).default('simulador'),
  chave: z.string().default(''),
  base_url: z.string().nullable().default(null),
  token_url: z.string().nullable().default(null),
  client_id: z.string().nullable().default(null),
  client_secret: z.string().nullable().default(null),
  certificado_formato: z.enum(CERTIFICADO_FORMATOS).nullable().default(null),
  certificado_pem: z.string().nullable().default(null),
  chave_privada_pem: z.string().nullable().default(null),
  pkcs12: z.string().nullable().default(null),
  pkcs12_senha: z.string().nullable().default(null),
  certificado_valido_ate: z.string().nullable().default(null),
  webhook_url: z.string().nullable().default(null),
  webhook_segredo: z.string().nullable().default(null),
  validade_apos_vencimento_dias: z.number().int().default(VALIDADE_APOS_VENCIMENTO_PADRAO),
  /** `recebedor` of each recurring charge (docs/decisions/043-pix-automatico.md). */
  conta_recebedor: z
    .object({
      agencia: z.string().nullable().default(null),
      conta: z.string(),
      tipo_conta: z.enum(TIPOS_CONTA_RECEBEDOR),
    })
    .nullable()
    .default(null),
  ultimo_status: ultimoStatus.nullable().default(null),
});
export type PixArmazenado = z.infer<typeof pixArmazenado>;

export const SEGREDOS_PIX = [
  'client_secret',
  'chave_privada_pem',
  'pkcs12',
  'pkcs12_senha',
  'webhook_segredo',
] as const;
export type SegredoPix = (typeof SEGREDOS_PIX)[number];

// Bound as AAD, so a ciphertext copied into another field does not decrypt there.
export const contextoPix = (campo: SegredoPix) => `configuracoes.pix.${campo}`;

export const cifrarSegredoPix = (appKey: Buffer, campo: SegredoPix, valor: string) =>
  cifrarSegredoEm(appKey, contextoPix(campo), valor);

export const abrirSegredoPix = (appKey: Buffer, a: PixArmazenado, campo: SegredoPix): SegredoLido =>
  abrirSegredo(appKey, contextoPix(campo), a[campo]);

const parse = (valor: unknown): PixArmazenado => {
  const parsed = pixArmazenado.safeParse(valor ?? {});
  return parsed.success ? parsed.data : pixArmazenado.parse({});
};

export const buscarPixArmazenado = async (db: DbOrTx): Promise<PixArmazenado> =>
  parse(await buscarConfiguracao(db, PIX_KEY));

/** Inside a transaction: the stored settings with their row locked until it ends. */
export const travarPixArmazenado = async (tx: DbOrTx): Promise<PixArmazenado> => {
  await garantirConfiguracao(tx, PIX_KEY, {});
  return parse(await buscarConfiguracao(tx, PIX_KEY, { forUpdate: true }));
};

export const salvarPixArmazenado = (tx: DbOrTx, valor: PixArmazenado, usuarioId: number | null) =>
  salvarConfiguracao(tx, PIX_KEY, valor, usuarioId);

export type CredenciaisPix = {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  certificado: CertificadoCliente;
};

/**
 * What the API Pix driver needs, decrypted (server side only; never to a client or a log); null when
 * something is missing or no longer opens with the current APP_KEY.
 */
export const credenciaisPix = (a: PixArmazenado, appKey: Buffer): CredenciaisPix | null => {
  const segredo = (campo: SegredoPix) => valorDoSegredo(abrirSegredoPix(appKey, a, campo));
  const clientSecret = segredo('client_secret');
  if (!a.base_url || !a.token_url || !a.client_id || !clientSecret) return null;
  const certificado = certificadoArmazenado(a, segredo);
  return certificado
    ? { baseUrl: a.base_url, tokenUrl: a.token_url, clientId: a.client_id, clientSecret, certificado }
    : null;
};

const certificadoArmazenado = (
  a: PixArmazenado,
  segredo: (campo: SegredoPix) => string | null,
): CertificadoCliente | null => {
  if (a.certificado_formato === 'pem') {
    const chavePrivadaPem = segredo('chave_privada_pem');
    return a.certificado_pem && chavePrivadaPem
      ? { tipo: 'pem', certificadoPem: a.certificado_pem, chavePrivadaPem }
      : null;
  }
  if (a.certificado_formato === 'pkcs12') {
    const pkcs12 = segredo('pkcs12');
    const senha = segredo('pkcs12_senha');
    return pkcs12 !== null && senha !== null
      ? { tipo: 'pkcs12', pkcs12: Buffer.from(pkcs12, 'base64'), senha }
      : null;
  }
  return null;
};
