import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { diskFullStopMessage, isDiskFull } from './db/disk-full.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { startupDemo } from './modules/demo/startup-demo.ts';
import { configurarUrlPublica } from './modules/links-portal/links.ts';
import { iniciarVigiaDaCaixa, type VigiaCaixa } from './modules/mensagens/vigia-caixa.ts';
import { depsDoProcesso } from './modules/regua/deps-processo.ts';
import { iniciarMotor, type Motor } from './modules/regua/motor.ts';

/** A failed start says why in one line when the cause is known (DATA_DIR in use, disk full). */
const startupFailure = (error: unknown) => {
  if (error instanceof DataDirLockedError) return error.message;
  if (isDiskFull(error)) return `Não foi possível iniciar o servidor. ${diskFullStopMessage(error)}`;
  return error;
};

// Reading the configuration may already write (the generated APP_KEY into DATA_DIR).
const { config, database } = await (async () => {
  const config = loadConfig();
  configurarUrlPublica(config.publicUrl);
  return { config, database: await openConfiguredDatabase(config) };
})().catch((error: unknown) => {
  console.error(startupFailure(error));
  process.exit(1);
});

const announce = await startupDemo(config, database);

const app = await buildApp({
  database,
  appKey: config.appKey,
  logger: {
    level: config.logLevel,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.body.password',
      'req.body.password_confirmation',
    ],
  },
  trustProxy: config.trustProxy,
  webDistDir: config.webDistDir,
  // The job workers run where the engine runs: inside the server, or in `npm run worker` processes.
  fila: config.reguaEmbutida
    ? {
        trabalhar: true,
        pixConciliacaoSegundos: config.pixConciliacaoMs / 1000,
        reguaSegundos: config.reguaIntervaloMs / 1000,
      }
    : { trabalhar: false },
});

let motor: Motor | null = null;
let vigia: VigiaCaixa | null = null;

// SIGTERM/SIGINT: stop the engine and accepting, let in-flight work finish, then close the database.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'encerrando após erro');
  else app.log.info({ signal }, 'encerrando');
  await motor?.parar();
  await vigia?.parar();
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });

// The collection engine runs inside the server unless separate workers do it (REGUA_EMBUTIDA=false).
if (config.reguaEmbutida) {
  motor = iniciarMotor(
    depsDoProcesso(database.db, config.appKey, 'embutido', app.log),
    config.reguaIntervaloMs,
    { imediato: false },
  );
  vigia = iniciarVigiaDaCaixa(database.db, config.appKey, app.log);
}

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(
  `\nSistema de Cobrança Automática em http://${shownHost === '127.0.0.1' ? 'localhost' : shownHost}:${config.port}`,
);
console.log(
  `Banco de dados: ${database.kind === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
);
announce();
