import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser } from 'playwright-core';
import { signedInContext } from './browser.js';
import { log } from './log.js';
import { median } from './stats.js';
import type { Session } from './world.js';

export type PageWeight = {
  path: string;
  jsGzipKb: number;
  cssGzipKb: number;
  /** Whether any script loaded by the page contains MapLibre. */
  loadsMapLibre: boolean;
};

/** The JavaScript and CSS a page loads, each body gzipped here (level 9) and summed. */
const LOAD_PATIENCE_MS = 120_000;

export async function pageWeights(
  browser: Browser,
  baseUrl: string,
  session: Session,
): Promise<PageWeight[]> {
  const results: PageWeight[] = [];
  for (const [pagePath, signedIn] of [
    ['/login', false],
    ['/admin/atlas', true],
  ] as const) {
    const context = await signedInContext(browser, baseUrl, signedIn ? session : null);
    // The live inbox stream never ends, so the network would never be idle: the bell polls.
    await context.route('**/api/notifications/stream', (route) => route.abort());
    const page = await context.newPage();
    const bodies: Promise<{ type: string; gz: number; maplibre: boolean } | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      bodies.push(
        response
          .body()
          .then((body) => ({
            type,
            gz: gzipSync(body, { level: 9 }).byteLength,
            maplibre: type === 'script' && body.includes('maplibregl'),
          }))
          // A response still arriving when the page is closed has no body to weigh.
          .catch(() => null),
      );
    });
    // Weights, not times: a cold Atlas on the full data has taken 34.7 s in a full run (the
    // default 30 s failed it), so this waits as long as it takes within two minutes.
    await page.goto(pagePath, { waitUntil: 'networkidle', timeout: LOAD_PATIENCE_MS });
    if (signedIn) {
      await page
        .locator('[data-testid="map"][data-state="ready"]')
        .waitFor({ timeout: LOAD_PATIENCE_MS });
    }
    const loaded = (await Promise.all(bodies)).filter((item) => item !== null);
    const sum = (type: string) =>
      loaded.filter((item) => item.type === type).reduce((total, item) => total + item.gz, 0) /
      1024;
    results.push({
      path: pagePath,
      jsGzipKb: sum('script'),
      cssGzipKb: sum('stylesheet'),
      loadsMapLibre: loaded.some((item) => item.maplibre),
    });
    await context.close();
  }
  return results;
}

/** Lighthouse 12's default `clearStorageTypes`: the origin's local storage survives it. */
const LIGHTHOUSE_CLEARED_STORAGE = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
] as const;

export type LighthouseScores = {
  path: string;
  /** Median performance score over the runs. */
  performance: number;
  /** The first run's: nothing of the page cached yet (for /login, every run is such a visit). */
  firstVisitPerformance: number;
  /** The lowest over the runs. */
  accessibility: number;
  runs: number;
  /** The first run's metrics (ms, CLS unitless), to tell what a first visit waits for. */
  firstVisitMetrics: Record<string, number>;
};

const FIRST_VISIT_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/**
 * Lighthouse 12 (desktop preset) on the production build. /admin/events needs a session: the
 * tokens are put in the same Chromium profile first, and Lighthouse is told to keep storage.
 */
export async function lighthouseScores(
  baseUrl: string,
  session: Session,
  paths: readonly string[],
  runs: number,
): Promise<LighthouseScores[]> {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = cdp.contexts()[0];
    if (!context) throw new Error('no default browser context');
    // A first visit of this browser, not of the server: a running server has answered these
    // pages' queries before, so each page is loaded once in a separate profile (its own cache).
    const warmUp = await cdp.newContext();
    await warmUp.addInitScript((tokens) => {
      window.localStorage.setItem('meridian.accessToken', tokens.accessToken);
      window.localStorage.setItem('meridian.refreshToken', tokens.refreshToken);
    }, session);
    // The live inbox stream never ends, so the network would never be idle: the bell polls.
    await warmUp.route('**/api/notifications/stream', (route) => route.abort());
    const warmPage = await warmUp.newPage();
    for (const pagePath of paths) {
      await warmPage.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
    }
    await warmUp.close();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((tokens) => {
      window.localStorage.setItem('meridian.accessToken', tokens.accessToken);
      window.localStorage.setItem('meridian.refreshToken', tokens.refreshToken);
    }, session);
    await page.close();
    const scores: LighthouseScores[] = [];
    for (const pagePath of paths) {
      const performance: number[] = [];
      const accessibility: number[] = [];
      let firstVisitMetrics: Record<string, number> = {};
      for (let run = 1; run <= runs; run += 1) {
        log.info({ page: pagePath, run, of: runs }, 'Lighthouse');
        // /login is measured signed out (a signed-in visitor is sent on to Atlas), so its run also
        // clears local storage, which Lighthouse's default reset keeps; pass the signed-in pages
        // first. Their later runs are repeat visits: the service worker and HTTP cache stay warm.
        const result = await lighthouse(
          `${baseUrl}${pagePath}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: pagePath !== '/login',
            clearStorageTypes: [...LIGHTHOUSE_CLEARED_STORAGE, 'local_storage'],
          },
          desktopConfig,
        );
        const categories = result?.lhr.categories;
        if (process.env.BENCH_LIGHTHOUSE_DUMP && result)
          writeFileSync(
            path.join(
              process.env.BENCH_LIGHTHOUSE_DUMP,
              `${pagePath.replace(/\W+/g, '-')}-${run}.json`,
            ),
            JSON.stringify(result.lhr),
          );
        if (run === 1) {
          firstVisitMetrics = Object.fromEntries(
            FIRST_VISIT_METRICS.map((id) => [
              id,
              Math.round((result?.lhr.audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000,
            ]),
          );
        }
        performance.push(Math.round((categories?.performance?.score ?? 0) * 100));
        accessibility.push(Math.round((categories?.accessibility?.score ?? 0) * 100));
      }
      scores.push({
        path: pagePath,
        performance: median(performance),
        firstVisitPerformance: performance[0] ?? 0,
        accessibility: Math.min(...accessibility),
        runs,
        firstVisitMetrics,
      });
    }
    await cdp.close();
    return scores;
  } finally {
    chrome.kill();
  }
}
