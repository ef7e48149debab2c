import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  type ServerProcess,
  type Throwaway,
  call,
  heapHeld,
  startServer,
} from './server-process.js';

const MEASURE_SECONDS = 15;
const TIMEOUT_MS = 5_000;
const STOP_PATIENCE_MS = 20_000;
const DEMO_PASSWORD = 'resilience-demo-passphrase';
const ADMIN_EMAIL = 'ana.admin@northwind-logistics.example';

type Operation = { name: string; weight: number; method: 'GET' | 'PUT'; url: string };
type Sample = {
  operation: string;
  /** Seconds into the run when it was sent. */
  at: number;
  ms: number;
  status: number | 'timeout' | 'error';
};
/** The server under load, signed in as a customer ADMIN, and what its PUTs write back. */
type Target = { server: ServerProcess; token: string; bodies: Map<string, unknown> };

const OPERATIONS: Operation[] = [
  { name: 'GET /api/atlas/shipments', weight: 2, method: 'GET', url: '/api/atlas/shipments' },
  {
    name: 'GET /api/atlas/events',
    weight: 3,
    method: 'GET',
    url: '/api/atlas/events?scope=GLOBAL',
  },
  { name: 'GET /api/admin/users', weight: 2, method: 'GET', url: '/api/admin/users?limit=50' },
  { name: 'GET /api/me/profile', weight: 2, method: 'GET', url: '/api/me/profile' },
  // The PUTs write back what a GET gave at the start: a real UPDATE with the same validation.
  { name: 'PUT /api/me/preferences', weight: 1, method: 'PUT', url: '/api/me/preferences' },
  {
    name: 'PUT /api/admin/settings/security',
    weight: 1,
    method: 'PUT',
    url: '/api/admin/settings/security',
  },
];
const WEIGHTS = OPERATIONS.flatMap((operation) =>
  Array<Operation>(operation.weight).fill(operation),
);
const pick = (sequence: number) => WEIGHTS[sequence % WEIGHTS.length] as Operation;

async function timed(target: Target, operation: Operation, at: number): Promise<Sample> {
  const started = performance.now();
  let status: Sample['status'];
  try {
    const response = await call(target.server.url, operation.method, operation.url, {
      token: target.token,
      body: operation.method === 'PUT' ? target.bodies.get(operation.url) : undefined,
      timeoutMs: TIMEOUT_MS,
      // The load generator shares the machine's two cores: it reads answers, never parses them.
      discardBody: true,
    });
    status = response.status;
  } catch (error) {
    status = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error';
  }
  return { operation: operation.name, at, ms: performance.now() - started, status };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const median = (values: number[]) => percentile(values, 50);
const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
};
/** How many of each operation and outcome: short enough to print when thousands fail. */
const tally = (samples: Sample[]) => {
  const counts: Record<string, number> = {};
  for (const { operation, status } of samples)
    counts[`${operation} → ${status}`] = (counts[`${operation} → ${status}`] ?? 0) + 1;
  return counts;
};
/** The p99 of the requests sent in each `seconds` of the run, in order. */
const p99ByWindow = (samples: Sample[], seconds: number) => {
  const windows: number[][] = [];
  for (const { at, ms } of samples) (windows[Math.floor(at / seconds)] ??= []).push(ms);
  return Array.from(windows, (window) => percentile(window ?? [], 99));
};

/** The server's longest event-loop hold in each 10 s of the run (its heap probe prints them). */
const serverLoop = (output: string, from: number, to: number) =>
  [...output.matchAll(/loop-probe (\{.*\})/g)]
    .map((line) => JSON.parse(line[1] ?? '{}') as { at: number; maxMs: number })
    .filter(({ at }) => at > from && at <= to + 10_000)
    .map(({ maxMs }) => maxMs);
const joined = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(' ');

/** Closed loop: as fast as the server answers, with a fixed number of clients. */
async function measureCapacity(target: Target, seconds: number, clients: number) {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let sequence = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await timed(target, pick((sequence += 1)), 0);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

/** Open loop: requests leave on schedule whether or not earlier ones have answered. */
async function runAtRate(target: Target, rate: number, seconds: number) {
  const pid = target.server.child.pid ?? 0;
  const samples: Sample[] = [];
  const memory: number[] = [];
  const pending: Promise<void>[] = [];
  const total = Math.floor(rate * seconds);
  // The generator's own event loop, longest hold per 10 s: a request sent late by a busy
  // client shows here, not as the server's slowness.
  const clientLoop: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpuBefore = process.cpuUsage();
  const startedAt = Date.now();
  const started = performance.now();
  let sent = 0;
  let nextMemory = 0;
  let nextLoop = 10_000;
  while (sent < total) {
    const elapsed = performance.now() - started;
    if (elapsed >= nextMemory) {
      memory.push(rssMiB(pid));
      nextMemory += 2000;
    }
    if (elapsed >= nextLoop) {
      clientLoop.push(delay.max / 1e6);
      delay.reset();
      nextLoop += 10_000;
    }
    const due = Math.min(total, Math.floor((elapsed / 1000) * rate));
    for (; sent < due; sent += 1)
      pending.push(
        timed(target, pick(sent), elapsed / 1000).then((sample) => void samples.push(sample)),
      );
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  clientLoop.push(delay.max / 1e6);
  delay.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const took = (performance.now() - started) / 1000;
  return {
    samples,
    memory,
    seconds: took,
    startedAt,
    endedAt: Date.now(),
    clientLoop,
    /** The generator's CPU over the run, in cores (1 = one core busy throughout). */
    clientCores: (cpu.user + cpu.system) / 1e6 / took,
  };
}

async function signInAsAdmin(server: ServerProcess): Promise<Target> {
  const login = await call<{ accessToken: string }>(server.url, 'POST', '/api/auth/login', {
    body: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  expect(login.status).toBe(200);
  const target: Target = { server, token: login.body.accessToken, bodies: new Map() };
  for (const { url } of OPERATIONS.filter((operation) => operation.method === 'PUT')) {
    const response = await call<{ data: unknown }>(server.url, 'GET', url, {
      token: target.token,
    });
    expect(response.status).toBe(200);
    target.bodies.set(url, response.body.data);
  }
  return target;
}

/**
 * The load test on one database: the built server with the demo data, signed in as a customer
 * ADMIN; it measures what the machine sustains, then holds a fixed rate at `share` of that
 * (70 % on PGlite, half on PostgreSQL) for `LOAD_SECONDS` (`ciSeconds` unless set) with no
 * 5xx, no timeout, every answer 200, the schedule kept, the heap after full collections held
 * within 10 % from before the run to after it, and resident memory's troughs within 25 %.
 */
export function describeLoad(
  where: string,
  open: () => Promise<Throwaway<Database>>,
  { ciSeconds, share }: { ciSeconds: number; share: number },
): void {
  const seconds = Number(process.env.LOAD_SECONDS ?? ciSeconds);

  describe(`load on ${where}: mixed reads and writes at ${share * 100}% of measured capacity`, () => {
    let database: Throwaway<Database> | undefined;
    let server: ServerProcess | undefined;
    let target: Target;

    beforeAll(async () => {
      database = await open();
      server = await startServer(
        database.value,
        {
          DEMO_DATA: '1',
          DEMO_PASSWORD,
          LOG_LEVEL: 'warn',
        },
        { probeHeap: true },
      );
      target = await signInAsAdmin(server);
    });
    // Here rather than in the test, so that the server stops even when the test times out. After
    // an overload it still works through requests whose clients gave up: SIGKILL past a while.
    afterAll(async () => {
      if (server) {
        const running = server;
        const patience = setTimeout(() => void running.stop('SIGKILL'), STOP_PATIENCE_MS);
        await running.stop('SIGTERM');
        clearTimeout(patience);
      }
      await database?.drop();
    });

    it(`holds a fixed rate for ${seconds} s with no 5xx, no timeout and flat memory`, async () => {
      await measureCapacity(target, 3, 8); // warm-up
      const capacity = await measureCapacity(target, MEASURE_SECONDS, 16);
      const rate = Math.max(1, Math.floor(capacity * share));
      const heapBefore = await heapHeld(target.server);
      const loadBefore = loadavg()[0] ?? 0;
      const run = await runAtRate(target, rate, seconds);
      const loadAfter = loadavg()[0] ?? 0;
      const heapAfter = await heapHeld(target.server);
      const held = ({ heapUsed, external }: typeof heapBefore) => (heapUsed + external) / 2 ** 20;
      const heapGrowth = (held(heapAfter) - held(heapBefore)) / held(heapBefore);

      const rows = OPERATIONS.map((operation) => {
        const mine = run.samples.filter((sample) => sample.operation === operation.name);
        const ms = mine.map((sample) => sample.ms);
        return `| ${operation.name} | ${mine.length} | ${median(ms).toFixed(1)} | ${percentile(ms, 99).toFixed(1)} |`;
      });
      const all = run.samples.map((sample) => sample.ms);
      // Resident memory's low-water mark in each half of the run past its first fifth
      // (warm-up). Between collections RSS swings by a third on PostgreSQL (garbage of query
      // results not yet collected) and how deep a trough goes depends on when a major collection
      // fell, so it catches native growth only coarsely; the heap after full collections, before
      // and after the run, is what tells a leak.
      const fifth = Math.max(1, Math.floor(run.memory.length / 5));
      const settled = run.memory.slice(fifth);
      const half = Math.max(1, Math.floor(settled.length / 2));
      const baseline = Math.min(...settled.slice(0, half));
      const final = Math.min(...settled.slice(half));
      const failures = run.samples.filter(
        (sample) => typeof sample.status !== 'number' || sample.status >= 500,
      );
      const unexpected = run.samples.filter(
        (sample) => typeof sample.status === 'number' && sample.status !== 200,
      );
      process.stdout.write(
        [
          '',
          `Load on ${where}`,
          `Measured capacity: ${capacity.toFixed(0)} req/s (16 clients, closed loop); ran at ${rate} req/s for ${run.seconds.toFixed(0)} s`,
          `Requests: ${run.samples.length}; 5xx/timeouts/errors: ${failures.length}; other non-200: ${unexpected.length}`,
          `Heap held after full collections (heap used + external): ${held(heapBefore).toFixed(1)} MiB before the run, ${held(heapAfter).toFixed(1)} MiB after (${(heapGrowth * 100).toFixed(1)}%)`,
          `Resident memory, lowest: ${baseline.toFixed(0)} MiB in the first half after warm-up, ${final.toFixed(0)} MiB in the second (${(((final - baseline) / baseline) * 100).toFixed(1)}%)`,
          `RSS every 2 s (MiB): ${run.memory.map((mib) => mib.toFixed(0)).join(' ')}`,
          // When a spike came, and whether memory followed it or climbed on its own.
          `p99 per 10 s (ms): ${joined(p99ByWindow(run.samples, 10))}`,
          // Where a slow window's time went: the server's loop held, or the client's.
          `Server event loop, longest hold per 10 s (ms): ${joined(serverLoop(target.server.output(), run.startedAt, run.endedAt))}`,
          `Load generator event loop, longest hold per 10 s (ms): ${joined(run.clientLoop)}; its CPU ${run.clientCores.toFixed(2)} cores`,
          // Other work on the machine shows here: the test measures what the machine sustains.
          `Load average (1 min; ${availableParallelism()} cores): ${loadBefore.toFixed(1)} before the run, ${loadAfter.toFixed(1)} after`,
          '',
          '| Endpoint | Requests | p50 ms | p99 ms |',
          '| --- | ---: | ---: | ---: |',
          ...rows,
          `| all | ${all.length} | ${median(all).toFixed(1)} | ${percentile(all, 99).toFixed(1)} |`,
          '',
        ].join('\n'),
      );

      // What the server logged (warnings and errors) tells why a request failed.
      const log = target.server.output().slice(-4000);
      expect(tally(failures), log).toEqual({});
      expect(tally(unexpected), log).toEqual({});
      expect(run.samples.length).toBe(Math.floor(rate * seconds));
      // The schedule was kept: the run did not stretch because the server fell behind.
      expect(run.seconds).toBeLessThan(seconds * 1.05 + TIMEOUT_MS / 1000);
      // Flat means no growth: what the heap holds after full collections grows by at most 10 %;
      // resident memory, which also holds what the allocator kept, by at most 25 % (a native
      // leak). Memory handed back to the system (a lower second half) is no leak.
      expect(heapGrowth).toBeLessThanOrEqual(0.1);
      expect((final - baseline) / baseline).toBeLessThanOrEqual(0.25);
    });
  });
}
