import { JobsHealthResponse } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireAccess } from '../../lib/access.js';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { jobQueue } from '../../jobs/queue.js';
import type { JobWorker, KindHealth } from '../../jobs/worker.js';
import { actorOf } from '../../plugins/auth.js';

/** Platform staff see how the background work is doing. */
export const jobsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  worker: JobWorker;
  /** This instance's other loops: the exposure clock, the embedded database's statistics. */
  loops: readonly (readonly [string, KindHealth])[];
}> = async (app, { db, worker, loops }) => {
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
      requireAccess(
        actorOf(request),
        'platform.administer',
        'Only platform admins can see the background jobs',
      );
      const queue = await jobQueue.summary(db);
      return {
        message: 'Jobs retrieved',
        data: {
          queue: queue.map((row) => ({
            ...row,
            oldest: row.oldest ? new Date(row.oldest).toISOString() : null,
          })),
          worker: [...worker.health.entries(), ...loops].map(([kind, health]) => ({
            kind,
            ...health,
          })),
        },
      };
    },
  );
};
