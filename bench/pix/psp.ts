import { randomBytes } from 'node:crypto';
import type { Database } from '../../apps/api/src/db/client.ts';
import {
  abrirSegredoPix,
  pixArmazenado,
  salvarPixArmazenado,
} from '../../apps/api/src/modules/pix/configuracao/pix-settings.repository.ts';
import { atualizarPix } from '../../apps/api/src/modules/pix/configuracao/pix-settings.service.ts';
import preparaCaDeTeste from '../../apps/api/src/modules/pix/psp/ca-de-teste.global-setup.ts';
import {
  configuracaoDoPspFalso,
  iniciarPspFalso,
  type PspFalso,
} from '../../apps/api/src/modules/pix/psp/psp-falso.test-fixtures.ts';
import { criarUsuario } from '../../apps/api/src/modules/usuarios/usuarios.service.ts';

// The PIX rows' PSP: the tests' fake PSP (mutual TLS, OAuth2) on loopback, configured as the product's
// `api_pix` provider with its secrets encrypted under a run's APP_KEY.

/** What the PSP takes to answer each call (the charge's creation included): a plausible PSP's. */
export const LATENCIA_PSP_MS = 30;
/** Our public address as the admin types it; the bench POSTs to the server's loopback port itself. */
const WEBHOOK_URL = 'https://cobranca.example.com.br';

let limpeza: (() => void) | undefined;
let preparada = false;

/**
 * Generates the test CA and certificates once per run, as the Vitest globalSetup does: it also puts the
 * CA into NODE_EXTRA_CA_CERTS, which Node reads only at start, so every process spawned after this
 * (senders, server) trusts the fake PSP with no `ca` option, as it would a real one.
 */
const prepararCertificados = () => {
  if (preparada) return;
  preparada = true;
  limpeza = preparaCaDeTeste();
  process.once('exit', () => limpeza?.());
};

export type PixBench = {
  psp: PspFalso;
  /** Hex, for the processes that open the stored secrets. */
  appKey: string;
  /** The webhook's secret path segment, as stored (encrypted). */
  segredoWebhook: string;
  fechar: () => Promise<void>;
};

/**
 * Starts the fake PSP (every answer `LATENCIA_PSP_MS` late) and stores the `api_pix` settings pointing
 * at it through the admin's own service; `fechar` stops it and puts the simulator back, so the next row
 * finds the database as before.
 */
export const iniciarPixBench = async (database: Database): Promise<PixBench> => {
  prepararCertificados();
  const psp = await iniciarPspFalso();
  psp.latenciaMs = LATENCIA_PSP_MS;
  const appKey = randomBytes(32);
  // The settings are an admin's to save (audited under their id).
  const admin = await criarUsuario(
    database.db,
    { name: 'Admin Bench', email: `pix.${Date.now()}@bench.local`, password: 'Bench@2026x', role: 'admin' },
    { usuarioId: null, ip: null },
  );
  const salvo = await atualizarPix(database.db, appKey, configuracaoDoPspFalso(psp, WEBHOOK_URL), {
    usuarioId: admin.id,
    ip: null,
  });
  const segredo = abrirSegredoPix(appKey, salvo, 'webhook_segredo');
  if (segredo.estado !== 'ok') throw new Error('segredo do webhook PIX não gravado');
  return {
    psp,
    appKey: appKey.toString('hex'),
    segredoWebhook: segredo.valor,
    fechar: async () => {
      await psp.fechar();
      await salvarPixArmazenado(database.db, pixArmazenado.parse({}), null);
    },
  };
};
