import {
  FeedReportListResponse,
  FeedReportParams,
  FeedReportSplitResponse,
  IdParams,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { FeedReportsService } from './feed-reports.service.js';

const meta = privateRoute('incidents');

/** The feeds that reported an incident, and splitting a wrong fusion (platform admins). */
export const feedReportsRoutes: FastifyPluginAsyncZod<{ feedReports: FeedReportsService }> = async (
  app,
  { feedReports },
) => {
  app.get(
    '/incidents/:id/feed-reports',
    {
      schema: {
        ...meta,
        summary:
          'The feeds that reported the incident (one event reported by several is one incident)',
        params: IdParams,
        response: { 200: FeedReportListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { reports: await feedReports.list(actorOf(request), request.params.id) },
    }),
  );

  app.post(
    '/incidents/:id/feed-reports/:reportId/split',
    {
      schema: {
        ...meta,
        summary: "Makes a feed's report that joined the incident wrongly an incident of its own",
        params: FeedReportParams,
        response: { 201: FeedReportSplitResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const incidentId = await feedReports.split(
        actorOf(request),
        request.params.id,
        request.params.reportId,
      );
      return reply
        .status(201)
        .send({ message: API_MESSAGES.feedReport.split, data: { incidentId } });
    },
  );
};
