import {
  type ExposureBenchResult,
  benchExposureMatching,
} from '../apps/server/src/test/exposure-bench.js';
import { log } from './log.js';
import type { BenchOptions } from './options.js';

/** The exposure engine's matching in memory: spatial index against a naive scan, same run. */
export function benchExposure(options: BenchOptions): ExposureBenchResult {
  const size = options.quick
    ? { shipments: 10_000, sites: 1_000, incidents: 1_000, naiveSample: 10 }
    : { shipments: 100_000, sites: 10_000, incidents: 10_000, naiveSample: 20 };
  log.info(size, 'exposure matching');
  return benchExposureMatching(size);
}
