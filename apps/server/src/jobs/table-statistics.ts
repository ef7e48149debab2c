import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { LoopingWorker, yieldToEventLoop } from './loop.js';
import { newKindHealth, type KindHealth } from './worker.js';

const TICK_MS = 5 * 60_000;
/** A table whose size moved by more than this share since its statistics is done again. */
const CHANGED_SHARE = 0.2;
/** ...and by at least this many pages, so that small tables are not redone at every write. */
const CHANGED_PAGES = 8;

type TableSize = { name: string; pages: number; pagesAtStatistics: number; analyzed: boolean };

/** Which tables need their statistics gathered again: never gathered, or grown or shrunk since. */
export const isStale = (table: TableSize): boolean =>
  table.pages > 0 &&
  (!table.analyzed ||
    Math.abs(table.pages - table.pagesAtStatistics) >
      Math.max(CHANGED_PAGES, table.pagesAtStatistics * CHANGED_SHARE));

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL as a single process, without the
 * autovacuum workers: no table would ever get planner statistics (a page of the Events list
 * took 108 ms, sorting all 10,000 incidents, where its index answers in under 1 ms once
 * analyzed) nor have its dead rows cleared. Each pass compares every table's size in pages with
 * its size when last vacuumed or analyzed (pg_class.relpages); one never analyzed, or which grew
 * or shrank by a fifth since, gets `VACUUM (ANALYZE)`. PGlite keeps no activity counters, so
 * size is the sign of change. PostgreSQL's own autovacuum does this there: app.ts starts this on
 * the embedded database only, where one process owns the data.
 */
export class TableStatistics extends LoopingWorker {
  readonly health: KindHealth = newKindHealth();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    tickMs = TICK_MS,
  ) {
    super(tickMs, 1_000);
  }

  /** Vacuums and analyzes every stale table (until `halt`); answers their names. */
  async runDue(halt: () => boolean = () => false): Promise<string[]> {
    const started = performance.now();
    const done: string[] = [];
    try {
      const tables = await this.sizes();
      for (const table of tables.filter(isStale)) {
        if (halt()) break;
        // An identifier from the catalogue, quoted: VACUUM takes no bound parameters.
        await this.db.execute(sql.raw(`vacuum (analyze) "${table.name.replaceAll('"', '""')}"`));
        done.push(table.name);
        // Each table's pass holds the embedded database: requests go between them.
        await yieldToEventLoop();
      }
      this.health.runs += 1;
      this.health.lastSuccessAt = new Date().toISOString();
      if (done.length > 0) {
        this.log.info(
          { tables: done, ms: Math.round(performance.now() - started) },
          'table statistics gathered',
        );
      }
    } catch (error) {
      this.health.failures += 1;
      this.health.lastFailureAt = new Date().toISOString();
      this.health.lastError = error instanceof Error ? error.message : String(error);
      this.log.warn({ err: error }, 'could not gather table statistics');
    } finally {
      this.health.lastDurationMs = Math.round(performance.now() - started);
    }
    return done;
  }

  private async sizes(): Promise<TableSize[]> {
    type Row = {
      name: string;
      pages: number | string;
      pages_at_statistics: number;
      analyzed: boolean;
    };
    const result = await this.db.execute<Row>(sql`
      select c.relname as name,
        pg_relation_size(c.oid) / current_setting('block_size')::int as pages,
        c.relpages as pages_at_statistics,
        c.reltuples >= 0 as analyzed
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = current_schema()
      order by c.relname`);
    return (result as { rows: Row[] }).rows.map((row) => ({
      name: row.name,
      pages: Number(row.pages),
      pagesAtStatistics: Number(row.pages_at_statistics),
      analyzed: row.analyzed,
    }));
  }
}
