// Boundaries checked by `npm run lint` (decision 015). Biome's noImportCycles sees only file-level cycles;
// these rules also see cycles between API module folders and imports across web features.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-para-feature',
      comment: 'A web feature never imports another feature: move the shared piece to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-lib-para-components',
      comment: 'lib/ sits below components/: it must not import UI.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/components/' },
    },
    {
      name: 'api-ciclo-entre-modulos',
      comment:
        'No cycle between module folders, direct or transitive: move the shared piece to the lower-level module or a small shared one.',
      severity: 'error',
      scope: 'folder',
      // Folders at any depth (a target in `canais/webhook/` is the folder `canais/webhook`), but never two
      // folders of the same module.
      from: { path: '^apps/api/src/modules/([^/]+)' },
      to: { path: '^apps/api/src/modules/', pathNot: '^apps/api/src/modules/$1(/|$)', circular: true },
    },
  ],
  options: {
    // TypeScript 7 has no JS API and depcruise's swc parser reads no JSX: babel strips the types, acorn
    // reads the rest. `import type` lines vanish with the types, so only runtime imports are checked.
    babelConfig: { fileName: '.dependency-cruiser.babel.json' },
    includeOnly: '^(apps|packages)/',
    // Tests may reach across modules to set up data; the boundaries are about the shipped code.
    exclude: {
      path: [
        '(^|/)(node_modules|dist)/',
        '\\.test\\.tsx?$',
        '\\.test-fixtures\\.tsx?$',
        '^apps/api/test/',
        '^apps/web/(e2e|src/test)/',
      ],
    },
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6'],
  },
};
