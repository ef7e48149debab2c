import {
  AssessmentBulk,
  AssessmentBulkResponse,
  AssessmentListResponse,
  AssessmentResponse,
  AssessmentValues,
  IdParams,
  SiteAssessmentHistoryResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { AssessmentsService } from './assessments.service.js';

const meta = privateRoute('assessments');
const SiteParams = IdParams.extend({ siteId: z.uuid({ message: 'siteId must be a UUID' }) });

export const assessmentsRoutes: FastifyPluginAsyncZod<{ assessments: AssessmentsService }> = async (
  app,
  { assessments },
) => {
  app.get(
    '/incidents/:id/assessments',
    {
      schema: {
        ...meta,
        summary:
          'How each of the organization’s sites the incident reached stands (Potential until set), most critical first, with counts per state',
        params: IdParams,
        response: { 200: AssessmentListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.assessment.listed,
      data: await assessments.list(actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/sites/:id/assessments',
    {
      schema: {
        ...meta,
        summary:
          'How the site stood in each incident that reached it and was assessed, newest change first (100 at most)',
        params: IdParams,
        response: { 200: SiteAssessmentHistoryResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.assessment.history,
      data: { assessments: await assessments.siteHistory(actorOf(request), request.params.id) },
    }),
  );

  app.put(
    '/incidents/:id/assessments/:siteId',
    {
      schema: {
        ...meta,
        summary:
          'Sets how one exposed site stands: state, capacity available, expected recovery date, notes',
        params: SiteParams,
        body: AssessmentValues,
        response: { 200: AssessmentResponse, ...errorResponses },
      },
    },
    async (request) => {
      const [assessment] = await assessments.set(
        actorOf(request),
        request.params.id,
        [request.params.siteId],
        request.body,
      );
      if (!assessment) throw new Error('the assessment was not saved');
      return { message: API_MESSAGES.assessment.updated, data: { assessment } };
    },
  );

  app.post(
    '/incidents/:id/assessments/bulk',
    {
      schema: {
        ...meta,
        summary: 'Sets how several exposed sites stand at once (all of them, or none)',
        params: IdParams,
        body: AssessmentBulk,
        response: { 200: AssessmentBulkResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { siteIds, ...values } = request.body;
      const saved = await assessments.set(actorOf(request), request.params.id, siteIds, values);
      return {
        message: API_MESSAGES.assessment.bulkUpdated(saved.length),
        data: { assessments: saved },
      };
    },
  );
};
