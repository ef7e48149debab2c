import { defineConfig } from 'vitest/config';

/**
 * `npm run test:resilience`: the built server (dist/main.js) as child processes, killed,
 * restarted, run twice on one database and put under load. One file at a time: the machines
 * that run it have two cores, and the load test measures what the machine sustains.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['src/test/resilience/*.resilience.ts'],
    // The PostgreSQL half runs when TEST_DATABASE_URL names a server, as in the API tests.
    exclude: process.env.TEST_DATABASE_URL ? [] : ['src/test/resilience/*-postgres.resilience.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
