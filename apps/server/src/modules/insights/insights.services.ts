import type { Database } from '../../db/client.js';
import { ChartsService } from './charts.service.js';
import { ExportsService } from './exports.service.js';
import { MemosService } from './memos.service.js';
import { ReportsService } from './reports.service.js';

/** The Insights module's services, as its routes take them. */
export const insightsServices = (db: Database) => ({
  charts: new ChartsService(db),
  exports: new ExportsService(db),
  memos: new MemosService(db),
  reports: new ReportsService(db),
});
