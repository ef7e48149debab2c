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
  /** `--only api`: the API figures alone, printed, nothing written. */
  onlyApi: boolean;
  /** `--only map`: the Atlas map figures alone, printed, nothing written. */
  onlyMap: boolean;
};

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
    onlyApi: argv.some(
      (arg, i) => arg === '--only=api' || (arg === '--only' && argv[i + 1] === 'api'),
    ),
    onlyMap: argv.some(
      (arg, i) => arg === '--only=map' || (arg === '--only' && argv[i + 1] === 'map'),
    ),
  };
}
