import { describe, expect, it } from 'vitest';
import { ciclosEntreModulos, violacoesDiretas } from './fronteiras.ts';

const api = (caminho: string) => `apps/api/src/${caminho}`;
const web = (caminho: string) => `apps/web/src/${caminho}`;

describe('boundary rules (npm run lint)', () => {
  it('refuses a web feature importing another feature, and lib/ importing components/', () => {
    expect(
      violacoesDiretas([
        [web('features/admin/a.tsx'), web('features/operador/api/cliente.ts')],
        [web('features/admin/a.tsx'), web('features/admin/b.tsx')],
        [web('lib/x.ts'), web('components/page-header.tsx')],
        [web('components/y.tsx'), web('lib/x.ts')],
      ]),
    ).toEqual([
      `web-feature-para-feature: ${web('features/admin/a.tsx')} → ${web('features/operador/api/cliente.ts')}`,
      `web-lib-para-components: ${web('lib/x.ts')} → ${web('components/page-header.tsx')}`,
    ]);
  });

  it('finds a cycle between two modules, directly or through a shared file, at any depth', () => {
    expect(
      ciclosEntreModulos([
        [api('modules/auth/a.ts'), api('modules/usuarios/sub/b.ts')],
        [api('modules/usuarios/c.ts'), api('modules/auth/d.ts')],
      ]),
    ).toEqual([['modules/auth', 'modules/usuarios']]);
    expect(
      ciclosEntreModulos([
        [api('modules/a/x.ts'), api('plugins/p.ts')],
        [api('plugins/p.ts'), api('modules/b/y.ts')],
        [api('modules/b/y.ts'), api('modules/a/z.ts')],
      ]),
    ).toEqual([[api('plugins/p.ts'), 'modules/a', 'modules/b']]);
  });

  it('takes each layer of a layered module as its own node: a lower layer may serve what an upper one uses', () => {
    expect(
      ciclosEntreModulos([
        [api('modules/pix/liquidacao/a.ts'), api('modules/negociacoes/b.ts')],
        [api('modules/negociacoes/b.ts'), api('modules/pix/cobrancas/c.ts')],
        [api('modules/pix/liquidacao/a.ts'), api('modules/pix/cobrancas/c.ts')],
      ]),
    ).toEqual([]);
    expect(
      ciclosEntreModulos([
        [api('modules/pix/cobrancas/c.ts'), api('modules/pix/liquidacao/a.ts')],
        [api('modules/pix/liquidacao/a.ts'), api('modules/pix/cobrancas/jobs/d.ts')],
      ]),
    ).toEqual([['modules/pix/cobrancas', 'modules/pix/liquidacao']]);
  });

  it('accepts a module that uses another one way, and cycles inside one module', () => {
    expect(
      ciclosEntreModulos([
        [api('modules/a/x.ts'), api('modules/b/y.ts')],
        [api('modules/a/x.ts'), api('modules/a/z.ts')],
        [api('modules/a/z.ts'), api('modules/a/x.ts')],
        [api('plugins/p.ts'), api('modules/a/x.ts')],
        [api('modules/b/y.ts'), api('lib/q.ts')],
      ]),
    ).toEqual([]);
  });
});
