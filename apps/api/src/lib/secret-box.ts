import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Short secrets (channel tokens) encrypted at rest with the 32-byte APP_KEY: AES-256-GCM, a fresh
// random 12-byte IV per value, and the 16-byte tag that makes tampering or a wrong key detectable.
// Compact string format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the version prefix lets
// a later format (or key rotation) coexist with values already stored.

const VERSAO = 'v1';
const ALGORITMO = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Decryption (or key) failure; the message never carries the secret nor the key. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

const checarChave = (key: Buffer) => {
  if (key.length !== KEY_BYTES) throw new SecretBoxError(`A chave de cifra deve ter ${KEY_BYTES} bytes.`);
};

/**
 * Encrypts `texto` with `key`. `contexto` (e.g. 'whatsapp.access_token') is bound as additional
 * authenticated data, so a value copied into another field fails to decrypt there.
 */
export const encryptSecret = (key: Buffer, texto: string, contexto = ''): string => {
  checarChave(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITMO, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(contexto, 'utf8'));
  const cifrado = Buffer.concat([cipher.update(texto, 'utf8'), cipher.final()]);
  const partes = [iv, cipher.getAuthTag(), cifrado].map((parte) => parte.toString('base64url'));
  return [VERSAO, ...partes].join('.');
};

type Partes = { iv: Buffer; tag: Buffer; cifrado: Buffer };

const separar = (caixa: string): Partes => {
  const partes = caixa.split('.');
  if (partes.length !== 4 || !partes.every((parte) => BASE64URL.test(parte)))
    throw new SecretBoxError('Segredo cifrado em formato inválido.');
  const [versao, iv, tag, cifrado] = partes as [string, string, string, string];
  if (versao !== VERSAO) throw new SecretBoxError(`Versão de cifra desconhecida: ${versao.slice(0, 10)}.`);
  const decoded = {
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    cifrado: Buffer.from(cifrado, 'base64url'),
  };
  if (decoded.iv.length !== IV_BYTES || decoded.tag.length !== TAG_BYTES)
    throw new SecretBoxError('Segredo cifrado em formato inválido.');
  return decoded;
};

/** Decrypts a value made by `encryptSecret`; throws SecretBoxError when tampered, malformed or under another key. */
export const decryptSecret = (key: Buffer, caixa: string, contexto = ''): string => {
  checarChave(key);
  const { iv, tag, cifrado } = separar(caixa);
  try {
    const decipher = createDecipheriv(ALGORITMO, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(contexto, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(cifrado), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError(
      'Não foi possível decifrar o segredo: a chave da aplicação (APP_KEY) é outra ou o valor foi adulterado.',
    );
  }
};
