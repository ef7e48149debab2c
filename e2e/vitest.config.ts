import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers';

/** Browser tests: real Chromium against the built server and web app on a fresh database. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // Two files at a time, each worker with its own Chromium and shared server: the machines
    // that run these have two cores, and the browser tests are most of the test run.
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    pool: 'forks',
    // Each step waits 15 s at most (browser.ts); a whole flow gets 60 s: the longest, an
    // invitation sent, accepted and signed in again, took 38 s in a CI run on a loaded machine.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // A poll waits for what a page shows after its requests: a second (Vitest's default) is too
    // short on a two-core machine drawing two maps in software, as CI found after reloads.
    expect: { poll: { timeout: 10_000 } },
  },
});
