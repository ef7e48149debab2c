import {
  IdParams,
  MessageResponse,
  OrganizationInput,
  OrganizationListQuery,
  OrganizationListResponse,
  OrganizationResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { OrganizationsService } from './organizations.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const meta = privateRoute('organizations');

export const organizationsRoutes: FastifyPluginAsyncZod<{
  organizations: OrganizationsService;
}> = async (app, { organizations }) => {
  app.get(
    '/admin/organizations',
    {
      schema: {
        ...meta,
        summary: 'Organizations visible to the caller: the whole list, or paged with limit/cursor',
        querystring: OrganizationListQuery,
        response: { 200: OrganizationListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.organization.listed,
      data: await organizations.list(actorOf(request), request.query),
    }),
  );

  app.get(
    '/admin/organizations/:id',
    {
      schema: {
        ...meta,
        summary: 'One organization',
        params: IdParams,
        response: { 200: OrganizationResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.organization.retrieved,
      data: { organization: await organizations.get(actorOf(request), request.params.id) },
    }),
  );

  app.post(
    '/admin/organizations',
    {
      schema: {
        ...meta,
        summary: 'Create an organization (platform admins)',
        body: OrganizationInput,
        response: { 201: OrganizationResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const organization = await organizations.create(actorOf(request), request.body);
      return reply
        .status(201)
        .send({ message: API_MESSAGES.organization.created, data: { organization } });
    },
  );

  app.put(
    '/admin/organizations/:id',
    {
      schema: {
        ...meta,
        summary: 'Update an organization (platform admins)',
        params: IdParams,
        body: OrganizationInput,
        response: { 200: OrganizationResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.organization.updated,
      data: {
        organization: await organizations.update(actorOf(request), request.params.id, request.body),
      },
    }),
  );

  app.delete(
    '/admin/organizations/:id',
    {
      schema: {
        ...meta,
        summary: 'Disable and hide an organization (soft delete; its data is kept)',
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await organizations.delete(actorOf(request), request.params.id);
      return { message: API_MESSAGES.organization.deleted };
    },
  );
};
