import type { ChartScope } from './get-charts';
import { downloadFile } from './download-file';

/** `GET /api/insights/exports/events.csv?scope=`: the incidents of the scope as CSV. */
export const exportEvents = (scope: ChartScope) =>
  downloadFile(
    `/insights/exports/events.csv?${new URLSearchParams({ scope }).toString()}`,
    'meridian-events.csv',
  );
