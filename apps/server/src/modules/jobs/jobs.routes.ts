import { JobsHealthResponse } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { jobQueue } from '../../jobs/queue.js';
import type { TableStatistics } from '../../jobs/table-statistics.js';
import type { JobWorker } from '../../jobs/worker.js';
import { actorOf } from '../../plugins/auth.js';

/** Platform staff see how the background work is doing. */
export const jobsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  worker: JobWorker;
  /** The embedded database's statistics pass (null on PostgreSQL, whose autovacuum does it). */
  statistics: TableStatistics | null;
}> = async (app, { db, worker, statistics }) => {
  app.get(
    '/admin/jobs',
    {
      schema: {
        ...privateRoute('system'),
        summary: 'Background jobs: queued, failing, and what this instance ran (platform admins)',
        response: { 200: JobsHealthResponse, ...errorResponses },
      },
    },
    async (request) => {
      if (!actorOf(request).isPlatformAdmin) {
        throw forbidden('Only platform admins can see the background jobs');
      }
      const queue = await jobQueue.summary(db);
      return {
        message: 'Jobs retrieved',
        data: {
          queue: queue.map((row) => ({
            ...row,
            oldest: row.oldest ? new Date(row.oldest).toISOString() : null,
          })),
          worker: [
            ...worker.health.entries(),
            ...(statistics ? [['table-statistics', statistics.health] as const] : []),
          ].map(([kind, health]) => ({ kind, ...health })),
        },
      };
    },
  );
};
