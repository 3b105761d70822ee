import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'cob_';
const TOKEN_FORMAT = /^cob_[A-Za-z0-9_-]{43}$/;

/** Opaque bearer token: 256 random bits; only its SHA-256 is stored. */
export const generateToken = (): string => PREFIX + randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const isTokenFormat = (value: string): boolean => TOKEN_FORMAT.test(value);
