import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { loadConfig } from './config/env.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { iniciarFila } from './fila/fila.ts';
import { agendamentos, TAREFAS } from './fila/tarefas.ts';
import { configurarUrlPublica } from './modules/links-portal/links.ts';
import { iniciarVigiaDaCaixa } from './modules/mensagens/vigia-caixa.ts';
import { depsDoProcesso } from './modules/regua/deps-processo.ts';
import { iniciarMotor } from './modules/regua/motor.ts';

// `npm run worker`: the collection engine as its own process (docs/produto.md §11). Any number of them can
// run against one PostgreSQL; the outbox claims and the shared allowance keep them from colliding. Each
// also runs the job workers (docs/efeitos-colaterais.md).

const config = loadConfig();
configurarUrlPublica(config.publicUrl);
const log = pino({ level: config.logLevel, name: 'regua-worker' });

const database = await openConfiguredDatabase(config).catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});

const motor = iniciarMotor(
  depsDoProcesso(database.db, config.appKey, 'worker', log),
  config.reguaIntervaloMs,
);
const vigia = iniciarVigiaDaCaixa(database.db, config.appKey, log);
const fila = await iniciarFila({
  database,
  tarefas: TAREFAS,
  contexto: { db: database.db, appKey: config.appKey, log },
  agendamentos: agendamentos({
    pixConciliacaoSegundos: config.pixConciliacaoMs / 1000,
    reguaSegundos: config.reguaIntervaloMs / 1000,
  }),
});
log.info({ banco: database.kind, intervalo_ms: config.reguaIntervaloMs }, 'worker da régua iniciado');

closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'encerrando após erro');
  else log.info({ signal }, 'encerrando');
  await motor.parar();
  await vigia.parar();
  // Within the 30 s grace: what is still running after 25 s is given back for a retry elsewhere.
  await fila.parar(25_000);
  await database.close();
});
