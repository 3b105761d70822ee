import { defineConfig } from 'vitest/config';

// A test that runs no expect() fails (a loop over an empty list, a forgotten assertion); inline projects
// do not inherit the root's test options, so each one sets it.
const expect = { requireAssertions: true };

// Puts the test CA of the fake PIX PSP in NODE_EXTRA_CA_CERTS before the workers start (Node reads it only then).
const globalSetup = ['apps/api/src/modules/pix/psp/ca-de-teste.global-setup.ts'];

const integration = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${kind}`,
    include: ['apps/api/**/*.int.test.ts'],
    environment: 'node',
    env: { TEST_DB_KIND: kind },
    // Also migrates the model each test database is copied from (apps/api/test/modelo-banco.global-setup.ts).
    globalSetup: [...globalSetup, 'apps/api/test/modelo-banco.global-setup.ts'],
    expect,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

// Every database test runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. Test files spend much of
    // their time waiting on PostgreSQL, a child process or a fake server, so two overlap well.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/api/**/*.test.ts', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          globalSetup,
          expect,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // jsdom has no window.location base for relative fetches; tests talk to this origin.
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
          // Typing through user-event slows down most when the machine is loaded (CI on two cores).
          testTimeout: 60_000,
          expect,
        },
      },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});
