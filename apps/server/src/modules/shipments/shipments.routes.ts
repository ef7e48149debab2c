import {
  BulkResponse,
  IMPORT_LIMITS,
  ShipmentBulk,
  ShipmentIdParams,
  ShipmentInput,
  ShipmentListQuery,
  ShipmentPageResponse,
  ShipmentResponse,
  ShipmentUpdate,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replyWithProgress } from '../../lib/bulk-progress.js';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { ShipmentsService } from './shipments.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const meta = privateRoute('shipments');

export const shipmentsRoutes: FastifyPluginAsyncZod<{ shipments: ShipmentsService }> = async (
  app,
  { shipments },
) => {
  app.get(
    '/shipments',
    {
      schema: {
        ...meta,
        summary:
          "The organization's shipments by reference: search (reference, carrier, ends), filters, pages (cursor) and the total",
        querystring: ShipmentListQuery,
        response: { 200: ShipmentPageResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.shipment.listed,
      data: await shipments.list(actorOf(request), request.query),
    }),
  );

  app.post(
    '/shipments',
    {
      schema: {
        ...meta,
        summary:
          'Add a shipment (MANAGER, ADMIN): its ends by UN/LOCODE, coordinates or place name',
        body: ShipmentInput,
        response: { 201: ShipmentResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const shipment = await shipments.create(actorOf(request), request.body);
      return reply.status(201).send({ message: API_MESSAGES.shipment.created, data: { shipment } });
    },
  );

  app.post(
    '/shipments/bulk',
    {
      bodyLimit: IMPORT_LIMITS.bodyBytes,
      // Progress lines must leave as they are written, not when a compressor's buffer fills.
      compress: false,
      schema: {
        ...meta,
        summary: `Create or update (by reference) up to ${IMPORT_LIMITS.rows} shipments in one transaction; with Accept: application/x-ndjson, progress lines then the result`,
        body: ShipmentBulk,
        response: { 200: BulkResponse, ...errorResponses },
      },
    },
    (request, reply) =>
      replyWithProgress(request, reply, 'Shipments imported', (progress) =>
        shipments.bulk(actorOf(request), request.body.shipments, progress),
      ),
  );

  app.get(
    '/shipments/:id',
    {
      schema: {
        ...meta,
        summary: 'One shipment with its ends, schedule, route and linked sites',
        params: ShipmentIdParams,
        response: { 200: ShipmentResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.shipment.retrieved,
      data: { shipment: await shipments.get(actorOf(request), request.params.id) },
    }),
  );

  app.patch(
    '/shipments/:id',
    {
      schema: {
        ...meta,
        summary:
          'Report a position, change its status, ETA, route or linked sites (MANAGER, ADMIN)',
        params: ShipmentIdParams,
        body: ShipmentUpdate,
        response: { 200: ShipmentResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.shipment.updated,
      data: {
        shipment: await shipments.update(actorOf(request), request.params.id, request.body),
      },
    }),
  );
};
