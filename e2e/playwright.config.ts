import { defineConfig } from '@playwright/test';
import { E2E_WORKERS } from './support/workers';

/**
 * Browser tests: real Chromium (Debian's) against the built server and web app, each worker with
 * a fresh database of its own. On a failure Playwright keeps the trace (every action, the DOM
 * before and after it, the network and the console) and a screenshot of each open page under
 * e2e/results/, and the HTML report in e2e/report/ (`npx playwright show-report e2e/report`).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './support/global-setup.ts',
  outputDir: './results',
  // Two files at a time, each worker with its own Chromium and shared server: the machines
  // that run these have two cores, and the browser tests are most of the test run.
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: true,
  // Each step waits 15 s at most (browser.ts); a whole flow gets 120 s. CI's machine is not
  // always this one: its last two runs took the whole suite 2.5 times as long as a quiet run
  // here (34.6 min against 13.7), and a flow of 18 s here (an incident created from the
  // dialog, with its place picked and both themes checked) passed 60 s there.
  timeout: 120_000,
  // A poll waits for what a page shows after its requests: 5 s (the default) is too short on a
  // two-core machine drawing two maps in software, as CI found after reloads; 15 s leaves the
  // same margin on CI's slower runs.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: './report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // Kept only when a test fails. Without the screencast: its frames, drawn in software, made
    // the suite half as slow again; the DOM snapshots show each step, and the failure's
    // screenshot the end.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
});
