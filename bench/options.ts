/** Command-line options and the named data sizes. */
export type BenchSize = { name: string; shipments: number; incidents: number; users: number };

export const SIZES = {
  quick: { name: 'quick', shipments: 5_000, incidents: 1_000, users: 60 },
  full: { name: 'full', shipments: 100_000, incidents: 10_000, users: 60 },
} as const satisfies Record<string, BenchSize>;

export const BENCH_SEED = 20_240_611;

export type BenchOptions = {
  quick: boolean;
  write: boolean;
  build: boolean;
  size: BenchSize;
  /** Alternating rounds per comparison; each figure is the median over them. */
  rounds: number;
  /** Seconds per autocannon run. */
  apiSeconds: number;
  lighthouse: boolean;
  postgresUrl: string | undefined;
  /** `--only api|map|pages|exposure|recompute`: that part's figures alone, printed, nothing written. */
  only: BenchPart | null;
};

const PARTS = ['api', 'map', 'pages', 'exposure', 'recompute'] as const;
export type BenchPart = (typeof PARTS)[number];

function onlyPart(argv: readonly string[]): BenchPart | null {
  const index = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index === -1) return null;
  const value = argv[index]?.startsWith('--only=') ? argv[index].slice(7) : argv[index + 1];
  const part = PARTS.find((candidate) => candidate === value);
  if (!part) throw new Error(`--only takes one of ${PARTS.join(', ')}`);
  return part;
}

export function parseOptions(argv: readonly string[]): BenchOptions {
  const quick = argv.includes('--quick');
  return {
    quick,
    write: !argv.includes('--no-write'),
    build: !argv.includes('--no-build'),
    size: quick ? SIZES.quick : SIZES.full,
    rounds: quick ? 2 : 5,
    apiSeconds: quick ? 1 : 5,
    lighthouse: !argv.includes('--no-lighthouse'),
    postgresUrl: process.env.BENCH_DATABASE_URL || undefined,
    only: onlyPart(argv),
  };
}

/**
 * Loads of each map page counted: one in the quick run (a smoke test), else five, since
 * software WebGL on two cores makes single loads vary by a fifth.
 */
export const mapRounds = (options: BenchOptions): number => (options.quick ? 1 : 5);
