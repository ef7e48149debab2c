import {
  ChartsQuery,
  ChartsResponse,
  ExportQuery,
  IdParams,
  MemoInput,
  MemoListResponse,
  MemoResponse,
  MemoUpdate,
  MessageResponse,
  ReportInput,
  ReportListResponse,
  ReportResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { ChartsService } from './charts.service.js';
import { type Download, attachment } from './downloads.js';
import type { ExportsService } from './exports.service.js';
import type { MemosService } from './memos.service.js';
import type { ReportsService } from './reports.service.js';

const meta = privateRoute('insights');

/** Sends a file as an attachment: the browser saves it under its name. */
const sendFile = (reply: FastifyReply, file: Download) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.filename))
    .header('cache-control', 'private, no-store')
    .send(file.body);

export const insightsRoutes: FastifyPluginAsyncZod<{
  charts: ChartsService;
  exports: ExportsService;
  memos: MemosService;
  reports: ReportsService;
}> = async (app, { charts, exports, memos, reports }) => {
  app.get(
    '/insights/charts',
    {
      schema: {
        ...meta,
        summary: 'Chart data by UTC day over the last `days` days (ALL: global incidents too)',
        querystring: ChartsQuery,
        response: { 200: ChartsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.insights.charts,
      data: { charts: await charts.charts(actorOf(request), request.query) },
    }),
  );

  app.get(
    '/insights/exports/events.csv',
    {
      schema: {
        ...meta,
        summary: 'The incidents the organization sees, with live exposure counts, as CSV',
        querystring: ExportQuery,
        response: { 200: fileResponse('text/csv', 'CSV (RFC 4180), UTF-8'), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendFile(reply, await exports.events(actorOf(request), request.query.scope)),
  );

  app.get(
    '/incidents/:id/exposure.csv',
    {
      schema: {
        ...meta,
        summary: "Each of the organization's sites and shipments the incident reaches or reached",
        params: IdParams,
        response: { 200: fileResponse('text/csv', 'CSV (RFC 4180), UTF-8'), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendFile(reply, await exports.exposure(actorOf(request), request.params.id)),
  );

  app.get(
    '/incidents/:id/memos',
    {
      schema: {
        ...meta,
        summary: "The organization's memos on an incident, newest first, with their history",
        params: IdParams,
        response: { 200: MemoListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.insights.memosListed,
      data: { memos: await memos.list(actorOf(request), request.params.id) },
    }),
  );

  app.post(
    '/incidents/:id/memos',
    {
      schema: {
        ...meta,
        summary: 'Writes a memo (Markdown) on an incident; anyone in the organization may',
        params: IdParams,
        body: MemoInput,
        response: { 201: MemoResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: API_MESSAGES.insights.memoCreated,
        data: { memo: await memos.create(actorOf(request), request.params.id, request.body) },
      }),
  );

  app.patch(
    '/memos/:id',
    {
      schema: {
        ...meta,
        summary: 'Replaces a memo’s text (its author, managers, admins); 409 when stale',
        params: IdParams,
        body: MemoUpdate,
        response: { 200: MemoResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.insights.memoUpdated,
      data: { memo: await memos.update(actorOf(request), request.params.id, request.body) },
    }),
  );

  app.delete(
    '/memos/:id',
    {
      schema: {
        ...meta,
        summary: 'Removes a memo and its history (its author, managers, admins)',
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await memos.remove(actorOf(request), request.params.id);
      return { message: API_MESSAGES.insights.memoRemoved };
    },
  );

  app.get(
    '/incidents/:id/reports',
    {
      schema: {
        ...meta,
        summary: "The organization's PDF reports of an incident, newest first",
        params: IdParams,
        response: { 200: ReportListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.insights.reportsListed,
      data: { reports: await reports.list(actorOf(request), request.params.id) },
    }),
  );

  app.post(
    '/incidents/:id/reports',
    {
      schema: {
        ...meta,
        summary: 'Makes and keeps a PDF report of an incident (managers and admins)',
        params: IdParams,
        body: ReportInput,
        response: { 201: ReportResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: API_MESSAGES.insights.reportCreated,
        data: {
          report: await reports.create(actorOf(request), request.params.id, request.body),
        },
      }),
  );

  app.get(
    '/reports/:id/pdf',
    {
      schema: {
        ...meta,
        summary: 'A stored report, as a PDF attachment',
        params: IdParams,
        response: { 200: fileResponse('application/pdf', 'The PDF'), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendFile(reply, await reports.pdf(actorOf(request), request.params.id)),
  );
};
