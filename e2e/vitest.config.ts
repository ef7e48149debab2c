import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests: real Chromium against the built server and web app on a fresh database. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // One Chromium at a time: the machines that run these have two cores.
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 45_000,
    hookTimeout: 90_000,
  },
});
