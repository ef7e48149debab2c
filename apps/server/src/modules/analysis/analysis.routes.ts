import {
  AnalysisInput,
  AnalysisListResponse,
  AnalysisResponse,
  IdParams,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import { AnalysisService } from './analysis.service.js';
import { replyWithEventStream, wantsEventStream } from './event-stream.js';
import { LlmClient } from './llm-client.js';

const meta = privateRoute('analysis');

export const analysisRoutes: FastifyPluginAsyncZod<{
  db: Database;
  llm: AppConfig['llm'];
}> = async (app, { db, llm }) => {
  const analysis = new AnalysisService(
    db,
    llm ? new LlmClient(llm) : null,
    app.log,
    llm?.concurrencyPerOrganization,
  );

  app.get(
    '/incidents/:id/analyses',
    {
      schema: {
        ...meta,
        summary: "The organization's questions about an incident and their answers, newest first",
        params: IdParams,
        response: { 200: AnalysisListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.analysis.listed,
      data: { analyses: await analysis.list(actorOf(request), request.params.id) },
    }),
  );

  app.post(
    '/incidents/:id/analyses',
    {
      // Answers stream as they are written, not when a compressor's buffer fills.
      compress: false,
      schema: {
        ...meta,
        summary:
          'Asks about an incident: answered from the organization’s data by the language model (or the built-in analyst), stored with its citations; with Accept: text/event-stream, the answer streams as server-sent events (delta, then done or error)',
        params: IdParams,
        body: AnalysisInput,
        response: { 201: AnalysisResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const prepared = await analysis.prepare(actorOf(request), request.params.id, request.body);
      if (wantsEventStream(request)) {
        return replyWithEventStream(request, reply, (onText) => analysis.answer(prepared, onText));
      }
      const stored = await analysis.answer(prepared);
      return reply.status(201).send({
        message: stored.error ?? API_MESSAGES.analysis.created,
        data: { analysis: stored },
      });
    },
  );
};
