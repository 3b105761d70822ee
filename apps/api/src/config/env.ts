import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => !['false', '0', 'no'].includes(value));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  SEED_DEMO: booleanFlag.default(true),
  APP_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIST_DIR: z.string().optional(),
  // false when the engine runs as separate `npm run worker` processes.
  REGUA_EMBUTIDA: booleanFlag.default(true),
  REGUA_INTERVALO_SEGUNDOS: z.coerce.number().int().min(1).max(3600).default(30),
  // How often the received PIX are listed at the PSP to catch a lost notification (docs/produto.md §21).
  PIX_CONCILIACAO_SEGUNDOS: z.coerce.number().int().min(10).max(86_400).default(600),
  // Where customers open their portal links (docs/produto.md §22); default http://localhost:{PORT}.
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .url({ protocol: /^https?$/, error: 'use uma URL http(s), como https://cobranca.suaempresa.com.br' })
        .optional(),
    ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  appKey: Buffer;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  webDistDir: string;
  reguaEmbutida: boolean;
  reguaIntervaloMs: number;
  pixConciliacaoMs: number;
  /** Base of the customers' portal links, without a trailing slash. */
  publicUrl: string;
};

/** A 32-byte key from APP_KEY (base64 or hex), or one generated once into DATA_DIR. */
const resolveAppKey = (appKey: string | undefined, dataDir: string): Buffer => {
  if (appKey) {
    const key = /^[0-9a-f]{64}$/i.test(appKey) ? Buffer.from(appKey, 'hex') : Buffer.from(appKey, 'base64');
    if (key.length !== 32) throw new Error('APP_KEY deve ter 32 bytes (64 caracteres hex ou base64).');
    return key;
  }
  const keyPath = join(dataDir, 'app.key');
  if (existsSync(keyPath)) return Buffer.from(readFileSync(keyPath, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(keyPath, key.toString('base64'), { mode: 0o600 });
  return key;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuração inválida: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    appKey: resolveAppKey(e.APP_KEY, dataDir),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    reguaEmbutida: e.REGUA_EMBUTIDA,
    reguaIntervaloMs: e.REGUA_INTERVALO_SEGUNDOS * 1000,
    pixConciliacaoMs: e.PIX_CONCILIACAO_SEGUNDOS * 1000,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
};
