/**
 * `npm run bench [-- --quick] [--no-write] [--no-build] [--no-lighthouse] [--only api|map|pages]`:
 * measures the API, the Atlas map, the Events page, page weights and cold start against
 * baselines in the same run, prints the report and writes docs/benchmarks.md (not with
 * --no-write, as in CI). BENCH_DATABASE_URL=postgres://... also runs the API figures on
 * PostgreSQL. `--only api` measures the API (on PostgreSQL too with BENCH_DATABASE_URL) and
 * prints its tables without writing anything; `--only map` likewise the Atlas map figures, `--only pages` the page
 * weights and Lighthouse scores, `--only exposure` the matching in memory, `--only recompute` one
 * incident's recompute in the database (on PostgreSQL too with BENCH_DATABASE_URL).
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchApi, benchIncidentWrites } from './api.js';
import { benchEvents, benchMap, buildBenchPage, launchBrowser } from './browser.js';
import { benchColdStart } from './cold-start.js';
import { benchExposure } from './exposure.js';
import { benchRecompute } from './recompute.js';
import { benchAlerts } from './alerts.js';
import { benchFeeds } from './feeds.js';
import { log } from './log.js';
import { parseOptions } from './options.js';
import { lighthouseScores, pageWeights } from './pages.js';
import {
  renderApi,
  renderExposure,
  renderRecompute,
  renderReport,
  type StoreResults,
} from './report.js';
import { repoRoot, seedStore, signIn, startServer, waitForBackgroundWork } from './world.js';

const options = parseOptions(process.argv.slice(2));
const LIGHTHOUSE_PAGES = ['/admin/events', '/login'];
const startedAt = new Date();
/** Incidents recorded one by one for the write latency. */
const writeCount = options.quick ? 20 : 200;
log.info(
  {
    cpus: os.cpus().length,
    node: process.version,
    size: options.size.name,
    rounds: options.rounds,
  },
  'benchmark starting',
);

if (options.build) {
  log.info('building the app (npm run build)');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}
if (options.only === 'api') {
  const stores: StoreResults[] = [];
  const targets = [
    { name: 'the embedded database (PGlite)', url: undefined },
    ...(options.postgresUrl ? [{ name: 'PostgreSQL', url: options.postgresUrl }] : []),
  ];
  for (const target of targets) {
    const store = await seedStore(options.size, target.url);
    const server = await startServer(store);
    try {
      const session = await signIn(server.baseUrl);
      const api = await benchApi(server.baseUrl, session, options);
      const writes = await benchIncidentWrites(server.baseUrl, session, writeCount);
      stores.push({ store: target.name, api, writes });
    } finally {
      await server.stop();
    }
  }
  process.stdout.write(`\n${renderApi(stores, options).join('\n')}\n`);
  process.exit(0);
}

if (options.only === 'exposure') {
  process.stdout.write(`\n${renderExposure(benchExposure(options)).join('\n')}\n`);
  process.exit(0);
}

if (options.only === 'recompute') {
  process.stdout.write(`\n${renderRecompute(await benchRecompute(options)).join('\n')}\n`);
  process.exit(0);
}

log.info('building the benchmark map page');
buildBenchPage();
if (options.only === 'map') {
  const store = await seedStore(options.size, undefined);
  const server = await startServer(store);
  const browser = await launchBrowser();
  try {
    const map = await benchMap(browser, server.baseUrl, await signIn(server.baseUrl), options);
    process.stdout.write(`\n${JSON.stringify(map, null, 2)}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exit(0);
}

if (options.only === 'pages') {
  const store = await seedStore(options.size, undefined);
  const server = await startServer(store);
  const browser = await launchBrowser();
  try {
    const session = await signIn(server.baseUrl);
    const weights = await pageWeights(browser, server.baseUrl, session);
    const lighthouse = await lighthouseScores(server.baseUrl, session, LIGHTHOUSE_PAGES, 3);
    process.stdout.write(`\n${JSON.stringify({ weights, lighthouse }, null, 2)}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exit(0);
}

log.info(options.size, 'seeding the embedded database');
const store = await seedStore(options.size, undefined);
const server = await startServer(store);
const stores: StoreResults[] = [];
try {
  const session = await signIn(server.baseUrl);
  stores.push({
    store: 'the embedded database (PGlite)',
    api: await benchApi(server.baseUrl, session, options),
    writes: await benchIncidentWrites(server.baseUrl, session, writeCount),
  });
  // The writes queued exposure recomputes: the pages are measured once they are done.
  const drainMs = await waitForBackgroundWork(server.baseUrl);
  log.info({ ms: Math.round(drainMs) }, 'background work after the writes finished');

  const browser = await launchBrowser();
  try {
    const map = await benchMap(browser, server.baseUrl, session, options);
    const events = await benchEvents(browser, server.baseUrl, session, options);
    log.info('page weights');
    const weights = await pageWeights(browser, server.baseUrl, session);
    await browser.close();
    const lighthouse = options.lighthouse
      ? await lighthouseScores(
          server.baseUrl,
          session,
          options.quick ? ['/login'] : LIGHTHOUSE_PAGES,
          options.quick ? 1 : 3,
        )
      : null;
    await server.stop();
    const coldStart = await benchColdStart(store, options.quick ? 1 : 3);
    const exposure = benchExposure(options);
    const recompute = await benchRecompute(options);
    const feeds = await benchFeeds(options);
    const alerts = await benchAlerts(options);

    if (options.postgresUrl) {
      log.info('seeding PostgreSQL (BENCH_DATABASE_URL)');
      const pgStore = await seedStore(options.size, options.postgresUrl);
      const pgServer = await startServer(pgStore);
      try {
        const pgSession = await signIn(pgServer.baseUrl);
        stores.push({
          store: 'PostgreSQL',
          api: await benchApi(pgServer.baseUrl, pgSession, options),
          writes: await benchIncidentWrites(pgServer.baseUrl, pgSession, writeCount),
        });
      } finally {
        await pgServer.stop();
      }
    }

    const report = renderReport({
      options,
      startedAt,
      durationS: (Date.now() - startedAt.getTime()) / 1000,
      stores,
      map,
      events,
      weights,
      lighthouse,
      coldStart,
      exposure,
      recompute,
      feeds,
      alerts,
    });
    process.stdout.write(`\n${report}\n`);
    await mkdir(path.join(repoRoot, 'bench-results'), { recursive: true });
    await writeFile(path.join(repoRoot, 'bench-results', `${options.size.name}.md`), report);
    if (options.write) {
      const target = path.join(repoRoot, 'docs/benchmarks.md');
      await writeFile(target, report + (await sectionsKeptFrom(target)));
      log.info('wrote docs/benchmarks.md');
    }
  } finally {
    if (browser.isConnected()) await browser.close();
  }
} finally {
  await server.stop();
}

/** The load figures come from `npm run test:resilience`, not from here: a new report keeps them. */
async function sectionsKeptFrom(file: string): Promise<string> {
  const previous = await readFile(file, 'utf8').catch(() => '');
  const start = previous.indexOf('\n## Load and resilience');
  return start === -1 ? '' : previous.slice(start);
}
