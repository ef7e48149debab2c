import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The contracts package is consumed from its TypeScript source through the "source" condition.
const conditions = ['source', 'module', 'node', 'development|production'];
const serverTests = ['apps/server/src/**/*.test.ts'];

/**
 * Unit and API tests run on the embedded database; when TEST_DATABASE_URL is set the same
 * API tests run again on that PostgreSQL server.
 */
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    pool: 'forks',
    // Two files at a time on the two-core machines that run them: a test waits on its database
    // (PostgreSQL's processes, or PGlite between queries) and on HTTP about half the time, so a
    // second worker fills the gaps (the embedded database's run: 427 s with one, 322 s with two).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: [...serverTests, 'packages/**/*.test.ts'],
          env: { MERIDIAN_TEST_DB: 'pglite' },
        },
      },
      {
        // The web app's pure logic (URL rules, retry policy) and the lint rules that keep the
        // code's import boundaries; its screens' parts below, and whole screens in e2e/.
        extends: true,
        resolve: { alias: { '@': fileURLToPath(new URL('apps/web/src', import.meta.url)) } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'scripts/*.test.ts'] },
      },
      {
        // The screens' parts with logic, rendered in jsdom with Testing Library; the API they
        // call is answered by MSW with replies checked against the contracts.
        extends: true,
        resolve: { alias: { '@': fileURLToPath(new URL('apps/web/src', import.meta.url)) } },
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup-components.ts'],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true,
              test: {
                name: 'postgres',
                include: serverTests,
                env: { MERIDIAN_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
