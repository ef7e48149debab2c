import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, call, pgliteDirectory, startServer } from './server-process.js';

/** Seconds at the fixed rate; CI keeps the two minutes. */
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const MEASURE_SECONDS = 15;
const TARGET_SHARE = 0.7;
const TIMEOUT_MS = 5_000;
const DEMO_PASSWORD = 'resilience-demo-passphrase';
const ADMIN_EMAIL = 'ana.admin@northwind-logistics.example';

type Operation = { name: string; weight: number; run: (token: string) => Promise<number> };
type Sample = { operation: string; ms: number; status: number | 'timeout' | 'error' };

let server: ServerProcess;
let token = '';
const directory = pgliteDirectory();
const bodies = new Map<string, unknown>();

const get = (url: string) => async (bearer: string) =>
  (await call(server.url, 'GET', url, { token: bearer, timeoutMs: TIMEOUT_MS })).status;
/** Writes back what a GET gave at the start: a real UPDATE with the same validation. */
const put = (url: string) => async (bearer: string) =>
  (
    await call(server.url, 'PUT', url, {
      token: bearer,
      body: bodies.get(url),
      timeoutMs: TIMEOUT_MS,
    })
  ).status;

const OPERATIONS: Operation[] = [
  { name: 'GET /api/atlas/shipments', weight: 2, run: get('/api/atlas/shipments') },
  { name: 'GET /api/atlas/events', weight: 3, run: get('/api/atlas/events?scope=GLOBAL') },
  { name: 'GET /api/admin/users', weight: 2, run: get('/api/admin/users?limit=50') },
  { name: 'GET /api/me/profile', weight: 2, run: get('/api/me/profile') },
  { name: 'PUT /api/me/preferences', weight: 1, run: put('/api/me/preferences') },
  { name: 'PUT /api/admin/settings/security', weight: 1, run: put('/api/admin/settings/security') },
];
const WEIGHTS = OPERATIONS.flatMap((operation) =>
  Array<Operation>(operation.weight).fill(operation),
);

async function timed(operation: Operation): Promise<Sample> {
  const started = performance.now();
  let status: Sample['status'];
  try {
    status = await operation.run(token);
  } catch (error) {
    status = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error';
  }
  return { operation: operation.name, ms: performance.now() - started, status };
}
const pick = (sequence: number) => WEIGHTS[sequence % WEIGHTS.length] as Operation;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const median = (values: number[]) => percentile(values, 50);
const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
};

/** Closed loop: as fast as the server answers, with a fixed number of clients. */
async function measureCapacity(seconds: number, clients: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let sequence = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await timed(pick((sequence += 1)));
        done += 1;
      }
    }),
  );
  return done / seconds;
}

/** Open loop: requests leave on schedule whether or not earlier ones have answered. */
async function runAtRate(rate: number, seconds: number, pid: number) {
  const samples: Sample[] = [];
  const memory: number[] = [];
  const pending: Promise<void>[] = [];
  const total = Math.floor(rate * seconds);
  const started = performance.now();
  let sent = 0;
  let nextMemory = 0;
  while (sent < total) {
    const elapsed = performance.now() - started;
    if (elapsed >= nextMemory) {
      memory.push(rssMiB(pid));
      nextMemory += 2000;
    }
    const due = Math.min(total, Math.floor((elapsed / 1000) * rate));
    for (; sent < due; sent += 1)
      pending.push(timed(pick(sent)).then((sample) => void samples.push(sample)));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  return { samples, memory, seconds: (performance.now() - started) / 1000 };
}

describe(`load: mixed reads and writes at ${TARGET_SHARE * 100}% of measured capacity`, () => {
  beforeAll(async () => {
    server = await startServer(directory.value, {
      DEMO_DATA: '1',
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
    });
    const login = await call<{ accessToken: string }>(server.url, 'POST', '/api/auth/login', {
      body: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    token = login.body.accessToken;
    for (const url of ['/api/me/preferences', '/api/admin/settings/security']) {
      const response = await call<{ data: unknown }>(server.url, 'GET', url, { token });
      expect(response.status).toBe(200);
      bodies.set(url, response.body.data);
    }
  });
  afterAll(async () => {
    await server?.stop('SIGTERM');
    await directory.drop();
  });

  it(`holds a fixed rate for ${LOAD_SECONDS} s with no 5xx, no timeout and flat memory`, async () => {
    await measureCapacity(3, 8); // warm-up
    const capacity = await measureCapacity(MEASURE_SECONDS, 16);
    const rate = Math.max(1, Math.floor(capacity * TARGET_SHARE));
    const pid = server.child.pid ?? 0;
    const run = await runAtRate(rate, LOAD_SECONDS, pid);

    const rows = OPERATIONS.map((operation) => {
      const mine = run.samples.filter((sample) => sample.operation === operation.name);
      const ms = mine.map((sample) => sample.ms);
      return `| ${operation.name} | ${mine.length} | ${median(ms).toFixed(1)} | ${percentile(ms, 99).toFixed(1)} |`;
    });
    const all = run.samples.map((sample) => sample.ms);
    const fifth = Math.max(1, Math.floor(run.memory.length / 5));
    const baseline = median(run.memory.slice(fifth, 2 * fifth));
    const final = median(run.memory.slice(-fifth));
    const failures = run.samples.filter(
      (sample) => typeof sample.status !== 'number' || sample.status >= 500,
    );
    const unexpected = run.samples.filter(
      (sample) => typeof sample.status === 'number' && sample.status !== 200,
    );
    process.stdout.write(
      [
        '',
        `Measured capacity: ${capacity.toFixed(0)} req/s (16 clients, closed loop); ran at ${rate} req/s for ${run.seconds.toFixed(0)} s`,
        `Requests: ${run.samples.length}; 5xx/timeouts/errors: ${failures.length}; other non-200: ${unexpected.length}`,
        `Memory (RSS): ${baseline.toFixed(0)} MiB after warm-up, ${final.toFixed(0)} MiB at the end (${(((final - baseline) / baseline) * 100).toFixed(1)}%)`,
        '',
        '| Endpoint | Requests | p50 ms | p99 ms |',
        '| --- | ---: | ---: | ---: |',
        ...rows,
        `| all | ${all.length} | ${median(all).toFixed(1)} | ${percentile(all, 99).toFixed(1)} |`,
        '',
      ].join('\n'),
    );

    expect(failures).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(run.samples.length).toBe(Math.floor(rate * LOAD_SECONDS));
    // The schedule was kept: the run did not stretch because the server fell behind.
    expect(run.seconds).toBeLessThan(LOAD_SECONDS * 1.05 + TIMEOUT_MS / 1000);
    expect(Math.abs(final - baseline) / baseline).toBeLessThanOrEqual(0.1);
  });
});
