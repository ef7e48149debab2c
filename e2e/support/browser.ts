import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { FIXTURES_ENV, type TestAccount, type TestFixtures } from './fixtures';
import { afterEach, beforeAll, expect } from './test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const SCREENSHOT_DIR = path.join(repoRoot, 'e2e/screenshots');
const AXE_SCRIPT = path.join(repoRoot, 'node_modules/axe-core/axe.min.js');

/**
 * The shared server of this worker: each of the (two) workers running test files side by
 * side has one of its own, so no file sees another's changes.
 */
export const fixtures = (): TestFixtures => {
  const all = JSON.parse(process.env[FIXTURES_ENV] ?? '[]') as TestFixtures[];
  // Playwright numbers its workers' slots from 0; a worker started after a failure keeps its slot.
  const slot = Number(process.env.TEST_PARALLEL_INDEX ?? '0');
  const mine = all[slot % Math.max(1, all.length)];
  if (!mine) throw new Error('No shared server was started');
  return mine;
};

export const STORAGE_KEYS = {
  accessToken: 'meridian.accessToken',
  refreshToken: 'meridian.refreshToken',
  activeOrganizationId: 'meridian.activeOrganizationId',
  theme: 'meridian.theme',
} as const;

export type PageOptions = {
  /** Another server than the shared one (e.g. a test file's own seeded server). */
  baseURL?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** Service workers are blocked unless a test is about them, so requests stay observable. */
  serviceWorkers?: 'allow' | 'block';
  /** Lets a test inject axe-core; the app itself must keep working under the real policy. */
  bypassCSP?: boolean;
  /** Browser permissions granted up front, e.g. `notifications`. */
  permissions?: string[];
  /**
   * The app's own theme for helpers that sign in (`startSignedIn`'s `theme`); `system` lets
   * `checkInThemes` show each theme in turn.
   */
  appTheme?: 'light' | 'dark' | 'system';
};

export type SignedInPageOptions = PageOptions & {
  /** Runs before signing in, e.g. to route API calls. */
  prepare?: (page: Page) => Promise<unknown>;
  /** Opens this path signed in from stored tokens, not through the form and Atlas. */
  landing?: string;
};

/**
 * The worker's Chromium (Playwright's, launched as the config says) and a fresh context
 * (cookies, storage) per page, closed after each test.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(({ browser: workers }) => {
    browser = workers;
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  return {
    async newPage(options: PageOptions = {}): Promise<Page> {
      if (!browser) throw new Error('The browser is not running');
      const context = await browser.newContext({
        baseURL: options.baseURL ?? fixtures().baseUrl,
        colorScheme: options.colorScheme ?? 'dark',
        viewport: options.viewport ?? { width: 1280, height: 800 },
        serviceWorkers: options.serviceWorkers ?? 'block',
        bypassCSP: options.bypassCSP ?? false,
        // An empty list would deny every permission rather than leave them to be asked.
        ...(options.permissions ? { permissions: options.permissions } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      // Two workers share two cores: a step may wait on the other's work for a while.
      page.setDefaultTimeout(15_000);
      return page;
    },

    /**
     * A new page, prepared, then signed in as the account: through the form, landing on Atlas,
     * or straight onto `landing` from stored tokens.
     */
    async signedInPage(
      account: Pick<TestAccount, 'email' | 'password'>,
      options: SignedInPageOptions = {},
    ): Promise<Page> {
      const page = await this.newPage(options);
      await options.prepare?.(page);
      if (options.landing) await startSignedIn(page, account, options.landing);
      else await signIn(page, account);
      return page;
    },
  };
}

export type StartOptions = {
  /**
   * The app's own theme (default dark), saved before the app starts; `system` follows the
   * browser's scheme, which `showTheme` switches live.
   */
  theme?: 'light' | 'dark' | 'system';
};

/**
 * Opens `path` already signed in as the account: the tokens come from the API and are put in
 * storage before the app starts, as a returning user's would be, so the page starts from the
 * stored session without passing through the login form and Atlas (software WebGL, the
 * costliest page to draw). Only this page (not others of its context) starts with them, once:
 * a reload or a later navigation keeps whatever the app has stored since, such as rotated
 * tokens. The login form itself is tested through `signIn`.
 */
export async function startSignedIn(
  page: Page,
  account: Pick<TestAccount, 'email' | 'password'>,
  path: string,
  options: StartOptions = {},
) {
  const response = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  const reply = (await response.json()) as { accessToken?: string; refreshToken?: string };
  if (!response.ok() || !reply.accessToken || !reply.refreshToken) {
    throw new Error(`Signing ${account.email} in failed: ${response.status()}`);
  }
  const entries: [string, string][] = [
    [STORAGE_KEYS.accessToken, reply.accessToken],
    [STORAGE_KEYS.refreshToken, reply.refreshToken],
  ];
  if (options.theme) entries.push([STORAGE_KEYS.theme, options.theme]);
  await page.addInitScript((stored) => {
    if (window.location.protocol !== 'http:') return; // about:blank and the like
    const marker = 'e2e.startedSignedIn';
    if (window.sessionStorage.getItem(marker)) return;
    window.sessionStorage.setItem(marker, '1');
    for (const [key, value] of stored) window.localStorage.setItem(key, value);
  }, entries);
  await page.goto(path);
}

/** Signs in through the login form and waits for the admin area. */
export async function signIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/admin/atlas');
  await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();
}

export const readStorage = (page: Page, key: string) =>
  page.evaluate((storageKey) => window.localStorage.getItem(storageKey), key);

export const writeStorage = (page: Page, key: string, value: string) =>
  page.evaluate(
    ([storageKey, storageValue]) => window.localStorage.setItem(storageKey, storageValue),
    [key, value] as const,
  );

/** The path of the current page, without origin. */
export const currentPath = (page: Page) => new URL(page.url()).pathname;

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
};

/**
 * Runs axe-core and fails on any serious or critical violation. While a modal layer (menu,
 * listbox, dialog) is open, pass its selector: the page behind it is aria-hidden and out of
 * keyboard reach, and was scanned on its own before the layer opened.
 */
export async function expectAccessible(page: Page, layerSelector?: string) {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async (selector) => {
    type AxeResult = { violations: AxeViolation[] };
    const { axe } = window as unknown as {
      axe: {
        run: (context: { include?: string[]; exclude: string[][] }) => Promise<AxeResult>;
      };
    };
    // Toasts stacked behind the front one are drawn under it, their text covered on purpose
    // (hovering the stack spreads them out); the front toast is scanned like the rest.
    const covered = [['[data-sonner-toast][data-front="false"]']];
    const result = await axe.run(
      selector ? { include: [selector], exclude: covered } : { exclude: covered },
    );
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
  }, layerSelector);
  const serious = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/**
 * Waits for the page at rest, as a scan or a picture should see it: web fonts loaded and every
 * running CSS transition or animation finished (endless ones, a spinner's, are left out).
 */
export async function waitForStillPage(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const ending = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Shows the page in `theme` as it is, without reloading or closing what is open: the app, in
 * system mode (saved by `startSignedIn` or `followSystemTheme`), follows the browser's scheme live.
 */
export async function showTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  await expect.poll(() => page.evaluate(() => document.documentElement.className)).toContain(theme);
}

/** Saves the system preference and reloads, so that `showTheme` decides the colours. */
export async function followSystemTheme(page: Page) {
  if (!page.url().startsWith('http')) await page.goto('/login');
  await writeStorage(page, STORAGE_KEYS.theme, 'system');
  await page.reload();
}

/**
 * Scans and pictures the page as it stands in each theme in turn (`<name>-dark`,
 * `<name>-light`): one visit checks both, instead of the same flow run once per theme. With
 * `layerSelector`, only that open layer is scanned (see `expectAccessible`).
 */
export async function checkInThemes(page: Page, name: string, layerSelector?: string) {
  for (const theme of THEMES) {
    await showTheme(page, theme);
    await waitForStillPage(page);
    await expectAccessible(page, layerSelector);
    // A layer (dialog, menu) is pictured as on screen: a whole-page picture stretches the
    // viewport, and the fixed overlay no longer covers what it covers.
    await saveScreenshot(page, `${name}-${theme}`, layerSelector ? 'viewport' : 'page');
  }
}

/** The whole page, or with `viewport` only what is on screen (e.g. a dialog over a long page). */
export async function saveScreenshot(page: Page, name: string, area: 'page' | 'viewport' = 'page') {
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: area === 'page',
  });
}

/** Opens the header's user menu (Profile, Settings, Logout …). */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Open user menu for/ }).click();
  await page.getByRole('menu').waitFor();
}
