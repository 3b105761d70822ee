import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gerarCertificadosDeTeste, VARIAVEL_DIRETORIO } from './certificados.test-fixtures.ts';

// Node reads NODE_EXTRA_CA_CERTS only at startup: the test CA has to be in it before Vitest forks the
// workers (they inherit this env), so the client trusts the fake PSP the way it trusts a real one, with
// no `ca` option. Several projects run this setup; the first one generates and cleans up.
export default function preparar(): (() => void) | undefined {
  if (process.env[VARIAVEL_DIRETORIO]) return undefined;
  const diretorio = mkdtempSync(join(tmpdir(), 'pix-certificados-'));
  gerarCertificadosDeTeste(diretorio);
  process.env[VARIAVEL_DIRETORIO] = diretorio;
  // A CA the developer already trusts this way (a corporate proxy's) stays trusted.
  const anterior = process.env.NODE_EXTRA_CA_CERTS;
  const confiaveis = join(diretorio, 'confiaveis.pem');
  writeFileSync(
    confiaveis,
    [
      anterior && existsSync(anterior) ? readFileSync(anterior, 'utf8') : '',
      readFileSync(join(diretorio, 'ca.pem'), 'utf8'),
    ].join('\n'),
  );
  process.env.NODE_EXTRA_CA_CERTS = confiaveis;
  return () => rmSync(diretorio, { recursive: true, force: true });
}
