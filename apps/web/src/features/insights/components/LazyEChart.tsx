import { lazy } from 'react';

/** The chart module in a chunk of its own, fetched when the first chart is shown. */
export const LazyEChart = lazy(() =>
  import('./EChart').then((module) => ({ default: module.EChart })),
);
