import { JobsHealthResponse } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireAccess } from '../../lib/access.js';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { jobQueue } from '../../jobs/queue.js';
import { actorOf } from '../../plugins/auth.js';
import type { BackgroundHealth } from '../module.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** Platform staff see how the background work is doing. */
export const jobsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** This instance's job worker and its other loops (the exposure clock, the statistics pass). */
  background: BackgroundHealth;
}> = async (app, { db, background }) => {
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
        message: API_MESSAGES.job.listed,
        data: {
          queue: queue.map((row) => ({
            ...row,
            oldest: row.oldest ? new Date(row.oldest).toISOString() : null,
          })),
          worker: [...background.worker.health.entries(), ...background.loops].map(
            ([kind, health]) => ({
              kind,
              ...health,
            }),
          ),
        },
      };
    },
  );
};
