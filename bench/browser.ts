import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { log } from './log.js';
import { mapRounds, type BenchOptions } from './options.js';
import { alternate, median } from './stats.js';
import { repoRoot, type Session } from './world.js';

const benchPageDir = path.join(repoRoot, 'bench-results/web');
/** Served under the app's origin by request interception, so the page can call the API. */
const BENCH_BASE = '/__bench/';

/**
 * Builds bench/web (the DOM-marker and empty-basemap page) with the app's own Vite config,
 * through the web workspace's Vite CLI (Vite is that workspace's dependency, not the root's).
 */
export function buildBenchPage(): void {
  const result = spawnSync(
    'npx',
    [
      'vite',
      'build',
      path.join(repoRoot, 'bench/web'),
      '--config',
      'vite.config.ts',
      '--base',
      BENCH_BASE,
      '--outDir',
      benchPageDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: path.join(repoRoot, 'apps/web'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('building the benchmark map page failed');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    // Chromium's default headless path draws WebGL with SwiftShader (software) here; the
    // renderer string is reported with the figures.
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--no-first-run',
      '--use-angle=swiftshader',
    ],
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

/** A signed-in context: the tokens the app keeps in localStorage, plus the bench page route. */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  session: Session | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
  });
  if (session) {
    await context.addInitScript((tokens) => {
      window.localStorage.setItem('meridian.accessToken', tokens.accessToken);
      window.localStorage.setItem('meridian.refreshToken', tokens.refreshToken);
    }, session);
  }
  await context.route(`${baseUrl}${BENCH_BASE}**`, async (route) => {
    const file = new URL(route.request().url()).pathname.slice(BENCH_BASE.length);
    const body = await readFile(path.join(benchPageDir, file));
    await route.fulfill({
      body,
      contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
  });
  return context;
}

export async function webglRenderer(page: Page): Promise<string> {
  return page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 'no WebGL';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  });
}

/** Navigation to the map idle with every point drawn (data-drawn-shipments, see MapView). */
async function timeToMapIdle(page: Page, url: string, shipments: number, timeoutMs: number) {
  const started = performance.now();
  await page.goto(url);
  await page
    .locator(`[data-drawn-shipments="${shipments}"]`)
    .waitFor({ state: 'attached', timeout: timeoutMs });
  return performance.now() - started;
}

/** Frame intervals (requestAnimationFrame) while `action` runs; answers their median in ms. */
async function frameTimes(page: Page, action: () => Promise<void>): Promise<number> {
  // A string, not a function: tsx would wrap the inner function in a helper the page lacks.
  await page.evaluate(`(() => {
    const state = { frames: [], stop: false };
    window.benchFrames = state;
    let last = performance.now();
    const tick = (now) => {
      state.frames.push(now - last);
      last = now;
      if (!state.stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await action();
  const frames = await page.evaluate(() => {
    const state = (window as unknown as { benchFrames: { frames: number[]; stop: boolean } })
      .benchFrames;
    state.stop = true;
    return state.frames.slice(1);
  });
  return median(frames);
}

/** A one-second drag across the middle of the map, in 60 small steps. */
async function pan(page: Page): Promise<number> {
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const box = (await page.locator('.maplibregl-canvas').first().boundingBox()) ?? {
    x: 0,
    y: 0,
    width: viewport.width,
    height: viewport.height,
  };
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // MapView reports its camera on the container; the DOM-marker page has none to check.
  const camera = page.locator('[data-center]').first();
  const before = (await camera.count()) ? await camera.getAttribute('data-center') : null;
  const median = await frameTimes(page, async () => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    const started = performance.now();
    for (let step = 1; performance.now() - started < 1000; step += 1) {
      await page.mouse.move(x - (step % 120) * 3, y - (step % 120));
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
  });
  // A drag that moved nothing would measure idle frames: a broken figure, not a fast one. The
  // camera is reported when the move ends, after the drag's inertia.
  if (before !== null) {
    await page
      .waitForFunction(
        (previous) =>
          document.querySelector('[data-center]')?.getAttribute('data-center') !== previous,
        before,
        { timeout: 5_000 },
      )
      .catch(() => {
        throw new Error('the pan did not move the map');
      });
  }
  return median;
}

/** Records the page's longest main-thread task from its start (read with longestTask). */
const watchLongTasks = (page: Page) =>
  page.addInitScript(`(() => {
    window.benchLongestTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.benchLongestTask = Math.max(window.benchLongestTask, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  })()`);
const longestTask = async (page: Page) => Number(await page.evaluate('window.benchLongestTask'));

export type MapFigures = {
  renderer: string;
  atlasFirstRenderMs: number;
  /** null when no run of the DOM page finished within its time limit. */
  domFirstRenderMs: number | null;
  domTimeoutMs: number;
  domRuns: number;
  firstRenderRatio: number | null;
  atlasPanMs: number;
  /** The main thread's longest task while Atlas loads (median over the runs). */
  atlasLongestTaskMs: number;
  /** The same for the empty basemap: what MapLibre itself costs under software WebGL. */
  emptyLongestTaskMs: number;
  /**
   * The map data alone (the shipments body and the incidents read in workers, the world view's
   * clusters built) by the app's code on a page without a map: time and longest main-thread task.
   */
  dataReadMs: number;
  dataLongestTaskMs: number;
  /** Navigation to idle of the same page with the basemap alone (issue 19's yardstick). */
  emptyFirstRenderMs: number;
  emptyPanMs: number;
  domPanMs: number | null;
};

export async function benchMap(
  browser: Browser,
  baseUrl: string,
  session: Session,
  options: BenchOptions,
): Promise<MapFigures> {
  const { shipments } = options.size;
  const domTimeoutMs = options.quick ? 60_000 : 150_000;
  let domGaveUp = false;
  const open = async () => {
    const context = await signedInContext(browser, baseUrl, session);
    return { context, page: await context.newPage() };
  };

  const atlas = async () => {
    const { context, page } = await open();
    try {
      // The main thread's longest task while Atlas loads (its data is read in workers).
      await watchLongTasks(page);
      const ms = await timeToMapIdle(page, '/admin/atlas', shipments, 120_000);
      const longestTaskMs = await longestTask(page);
      log.info({ ms: Math.round(ms), longestTaskMs: Math.round(longestTaskMs) }, 'Atlas drawn');
      return { ms, pan: await pan(page), longestTaskMs };
    } finally {
      await context.close();
    }
  };
  const dom = async () => {
    // One DOM marker per point can take minutes at 100,000: after a timeout, stop trying.
    if (domGaveUp) return null;
    const { context, page } = await open();
    try {
      const ms = await timeToMapIdle(
        page,
        `${BENCH_BASE}index.html?mode=dom`,
        shipments,
        domTimeoutMs,
      );
      return { ms, pan: await pan(page) };
    } catch (error) {
      log.warn({ error: String(error).split('\n')[0] }, 'DOM-marker baseline gave up');
      domGaveUp = true;
      return null;
    } finally {
      await context.close();
    }
  };
  const empty = async () => {
    const { context, page } = await open();
    try {
      await watchLongTasks(page);
      const ms = await timeToMapIdle(page, `${BENCH_BASE}index.html?mode=empty`, 0, 60_000);
      return { ms, longestTaskMs: await longestTask(page), pan: await pan(page) };
    } finally {
      await context.close();
    }
  };

  const data = async () => {
    const { context, page } = await open();
    try {
      const started = performance.now();
      await page.goto(`${BENCH_BASE}index.html?mode=data`);
      const read = page.locator(`[data-read-shipments="${shipments}"]`);
      await read.waitFor({ state: 'attached', timeout: 60_000 });
      const ms = performance.now() - started;
      return { ms, longestTaskMs: Number(await read.getAttribute('data-longest-task')) };
    } finally {
      await context.close();
    }
  };

  const probe = await open();
  const renderer = await webglRenderer(probe.page);
  await probe.context.close();

  const rounds = mapRounds(options);
  if (!options.quick) {
    // One load of each page first, not counted: the server builds its map bodies on the first
    // request after a start, and the figures compare pages, not a cold server with a warm one.
    log.info('warm-up: one load of Atlas and of the empty basemap, not counted');
    await atlas();
    await empty();
  }
  log.info({ shipments, renderer, rounds }, 'Atlas vs DOM markers');
  const runs = await alternate(rounds, atlas, dom);
  log.info({ rounds }, 'empty basemap pan');
  const emptyRuns: { ms: number; longestTaskMs: number; pan: number }[] = [];
  for (let i = 0; i < rounds; i += 1) emptyRuns.push(await empty());
  log.info({ rounds }, 'map data alone, read in workers');
  const dataRuns: { ms: number; longestTaskMs: number }[] = [];
  for (let i = 0; i < rounds; i += 1) dataRuns.push(await data());

  const atlasMs = median(runs.ours.map((run) => run?.ms ?? NaN));
  const longestTaskMs = median(
    runs.ours.map((run) =>
      run && 'longestTaskMs' in run && typeof run.longestTaskMs === 'number'
        ? run.longestTaskMs
        : NaN,
    ),
  );
  const domDone = runs.baseline.filter((run): run is { ms: number; pan: number } => run !== null);
  const domMs = domDone.length ? median(domDone.map((run) => run.ms)) : null;
  return {
    renderer,
    atlasFirstRenderMs: atlasMs,
    domFirstRenderMs: domMs,
    domTimeoutMs,
    domRuns: domDone.length,
    firstRenderRatio: (domMs ?? domTimeoutMs) / atlasMs,
    atlasPanMs: median(runs.ours.map((run) => run?.pan ?? NaN)),
    dataReadMs: median(dataRuns.map((run) => run.ms)),
    dataLongestTaskMs: median(dataRuns.map((run) => run.longestTaskMs)),
    emptyFirstRenderMs: median(emptyRuns.map((run) => run.ms)),
    atlasLongestTaskMs: longestTaskMs,
    emptyLongestTaskMs: median(emptyRuns.map((run) => run.longestTaskMs)),
    emptyPanMs: median(emptyRuns.map((run) => run.pan)),
    domPanMs: domDone.length ? median(domDone.map((run) => run.pan)) : null,
  };
}

export type EventsFigures = { firstCardMs: number; scrollFrameMs: number; listed: number };

/** The Events page: navigation to the first card, then a one-second scroll of the list. */
export async function benchEvents(
  browser: Browser,
  baseUrl: string,
  session: Session,
  options: BenchOptions,
): Promise<EventsFigures> {
  const firstCard: number[] = [];
  const scroll: number[] = [];
  let listed = 0;
  log.info({ incidents: options.size.incidents, rounds: options.rounds }, 'Events page');
  for (let i = 0; i < (options.quick ? 1 : options.rounds); i += 1) {
    const context = await signedInContext(browser, baseUrl, session);
    const page = await context.newPage();
    try {
      const started = performance.now();
      await page.goto('/admin/events');
      const row = page.locator('li[aria-posinset]').first();
      await row.locator('article').waitFor();
      firstCard.push(performance.now() - started);
      listed = Number(await row.getAttribute('aria-setsize'));
      scroll.push(
        await frameTimes(page, () =>
          row.evaluate(async (item) => {
            const box = item.closest('.overflow-y-auto') as HTMLElement;
            const end = performance.now() + 1000;
            while (performance.now() < end) {
              box.scrollTop += 120;
              await new Promise(requestAnimationFrame);
            }
          }),
        ),
      );
    } finally {
      await context.close();
    }
  }
  return { firstCardMs: median(firstCard), scrollFrameMs: median(scroll), listed };
}
