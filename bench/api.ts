import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { log } from './log.js';
import type { BenchOptions } from './options.js';
import { alternate, median } from './stats.js';
import { repoRoot, type Session } from './world.js';

export type Endpoint = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Concurrent connections: fewer for the multi-megabyte shipment list. */
  connections: number;
};

export const endpoints = (options: BenchOptions): Endpoint[] => [
  { name: 'validate', method: 'POST', path: '/api/auth/validate', connections: 10 },
  { name: 'events', method: 'GET', path: '/api/atlas/events?scope=ORG', connections: 10 },
  // The Events screen's first page (issue 13): the request a first visit waits for.
  {
    name: 'events-page',
    method: 'GET',
    path: '/api/atlas/events?scope=ORG&limit=50',
    connections: 10,
  },
  // The same page sorted by the organization's priority (issue 33): a rank looked up per incident.
  {
    name: 'events-priority',
    method: 'GET',
    path: '/api/atlas/events?scope=ORG&limit=50&sort=priority',
    connections: 10,
  },
  {
    name: 'shipments',
    method: 'GET',
    path: '/api/atlas/shipments?scope=ORG',
    connections: options.quick ? 4 : 2,
  },
  { name: 'users', method: 'GET', path: '/api/admin/users?limit=50', connections: 10 },
];

export type WriteFigures = { count: number; p50: number; p95: number; max: number };

/**
 * Recording incidents one after another as a manager would (POST /api/incidents, each with a
 * CREATED timeline entry and an audit row in one transaction): the latency of each.
 */
export async function benchIncidentWrites(
  baseUrl: string,
  session: Session,
  count: number,
): Promise<WriteFigures> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/incidents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        title: `Bench incident ${i}`,
        description: 'Recorded by the benchmark',
        severity: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'][i % 4],
        type: 'PORT_CONGESTION',
        location: { lat: 51.9 + (i % 10) / 100, lng: 4.4, countryCode: 'NL' },
      }),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`POST /api/incidents: ${response.status}`);
    times.push(performance.now() - started);
  }
  const sorted = times.toSorted((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { count, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

export type LoadFigures = { rps: number; p50: number; p99: number; bytes: number };
export type EndpointResult = {
  endpoint: Endpoint;
  ours: LoadFigures;
  baseline: LoadFigures;
  /** Median over rounds of ours / baseline requests per second. */
  rpsRatio: number;
  /** One request with Accept-Encoding as a browser sends it. */
  compressed: { encoding: string; bytes: number; rawBytes: number; p50Ms: number };
};

async function load(
  url: string,
  endpoint: Endpoint,
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    method: endpoint.method,
    headers,
    connections: endpoint.connections,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${endpoint.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

const medianOf = (runs: LoadFigures[]): LoadFigures => ({
  rps: median(runs.map((run) => run.rps)),
  p50: median(runs.map((run) => run.p50)),
  p99: median(runs.map((run) => run.p99)),
  bytes: median(runs.map((run) => run.bytes)),
});

async function startBaseline(bodies: Record<string, string>) {
  const file = path.join(tmpdir(), `meridian-bench-bodies-${process.pid}.json`);
  await writeFile(file, JSON.stringify(bodies));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/baseline-server.ts'), file],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`baseline server exited (${code})`)));
    child.stdout.once('data', (chunk: Buffer) => {
      resolve((JSON.parse(chunk.toString()) as { port: number }).port);
    });
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** One request as a browser makes it (Accept-Encoding): time, encoding and bytes on the wire. */
function rawRequest(url: string, method: string, headers: Record<string, string>) {
  return new Promise<{ ms: number; encoding: string; bytes: number }>((resolve, reject) => {
    const started = performance.now();
    // node:http, not fetch: fetch decompresses and hides the transferred size.
    const request = http.request(url, { method, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({
          ms: performance.now() - started,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          bytes,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

async function compressedFigures(url: string, endpoint: Endpoint, auth: Record<string, string>) {
  const runs = [];
  for (let i = 0; i < 7; i += 1) {
    runs.push(await rawRequest(url, endpoint.method, { ...auth, 'accept-encoding': 'br, gzip' }));
  }
  const plain = await rawRequest(url, endpoint.method, auth);
  return {
    encoding: runs.at(-1)?.encoding ?? 'identity',
    bytes: runs.at(-1)?.bytes ?? 0,
    rawBytes: plain.bytes,
    p50Ms: median(runs.map((run) => run.ms)),
  };
}

/** Each endpoint under load on Meridian and on the bare-Fastify baseline, alternated. */
export async function benchApi(
  baseUrl: string,
  session: Session,
  options: BenchOptions,
): Promise<EndpointResult[]> {
  const auth = { authorization: `Bearer ${session.accessToken}` };
  const list = endpoints(options);
  const bodies: Record<string, string> = {};
  for (const endpoint of list) {
    const response = await fetch(`${baseUrl}${endpoint.path}`, {
      method: endpoint.method,
      headers: auth,
    });
    if (!response.ok) throw new Error(`${endpoint.path}: ${response.status}`);
    bodies[endpoint.name] = await response.text();
  }
  const baseline = await startBaseline(bodies);
  const results: EndpointResult[] = [];
  try {
    for (const endpoint of list) {
      log.info({ endpoint: endpoint.path, rounds: options.rounds }, 'API load');
      const runs = await alternate(
        options.rounds,
        () => load(`${baseUrl}${endpoint.path}`, endpoint, auth, options.apiSeconds),
        () =>
          load(`${baseline.baseUrl}/baseline/${endpoint.name}`, endpoint, {}, options.apiSeconds),
      );
      const ratios = runs.ours.map((run, i) => run.rps / (runs.baseline[i]?.rps ?? NaN));
      results.push({
        endpoint,
        ours: medianOf(runs.ours),
        baseline: medianOf(runs.baseline),
        rpsRatio: median(ratios),
        compressed: await compressedFigures(`${baseUrl}${endpoint.path}`, endpoint, auth),
      });
    }
  } finally {
    baseline.stop();
  }
  return results;
}
