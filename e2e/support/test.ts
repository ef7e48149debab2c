import { test } from '@playwright/test';

/**
 * The browser suite's test functions: Playwright's runner under the names the files use
 * (`describe`, `it`, hooks), and its `expect` (with `expect.poll`).
 */
export { expect, test } from '@playwright/test';
export const it = test;
/* eslint-disable @typescript-eslint/unbound-method -- Playwright creates these bound to `test` */
export const describe = test.describe;
export const beforeAll = test.beforeAll;
export const afterAll = test.afterAll;
export const afterEach = test.afterEach;
/* eslint-enable @typescript-eslint/unbound-method */

/** Gives a hook that starts a server (a build, a seeded database) more time than a step. */
export const SERVER_START_TIMEOUT_MS = 90_000;
