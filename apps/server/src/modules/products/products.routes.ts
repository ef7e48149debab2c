import {
  BulkResponse,
  IMPORT_LIMITS,
  IdParams,
  ProductBulk,
  ProductInput,
  ProductListQuery,
  ProductListResponse,
  ProductResponse,
  ProductUpdate,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replyWithProgress } from '../../lib/bulk-progress.js';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { ProductsService } from './products.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const meta = privateRoute('products');

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (
  app,
  { products },
) => {
  app.get(
    '/products',
    {
      schema: {
        ...meta,
        summary:
          "The organization's products: search (SKU, name, part), the products a site supplies, sort, pages (cursor) and the total",
        querystring: ProductListQuery,
        response: { 200: ProductListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.product.listed,
      data: await products.list(actorOf(request), request.query),
    }),
  );

  app.post(
    '/products',
    {
      schema: {
        ...meta,
        summary: 'Add a product with its bill of materials (MANAGER, ADMIN)',
        body: ProductInput,
        response: { 201: ProductResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const product = await products.create(actorOf(request), request.body);
      return reply.status(201).send({ message: API_MESSAGES.product.created, data: { product } });
    },
  );

  app.post(
    '/products/bulk',
    {
      bodyLimit: IMPORT_LIMITS.bodyBytes,
      // Progress lines must leave as they are written, not when a compressor's buffer fills.
      compress: false,
      schema: {
        ...meta,
        summary: `Create or update (by SKU) up to ${IMPORT_LIMITS.rows} products and their bills of materials in one transaction; with Accept: application/x-ndjson, progress lines then the result`,
        body: ProductBulk,
        response: { 200: BulkResponse, ...errorResponses },
      },
    },
    (request, reply) =>
      replyWithProgress(request, reply, 'Products imported', (progress) =>
        products.bulk(actorOf(request), request.body.products, progress),
      ),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        ...meta,
        summary: 'One product and its bill of materials',
        params: IdParams,
        response: { 200: ProductResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.product.retrieved,
      data: { product: await products.get(actorOf(request), request.params.id) },
    }),
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        ...meta,
        summary:
          'Change a product (given parts replace its bill of materials), or archive (archived: true) and restore it (MANAGER, ADMIN)',
        params: IdParams,
        body: ProductUpdate,
        response: { 200: ProductResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.product.updated,
      data: {
        product: await products.update(actorOf(request), request.params.id, request.body),
      },
    }),
  );
};
