import {
  ActionCreate,
  ActionParams,
  ActionUpdate,
  IdParams,
  MessageResponse,
  PlanCreate,
  PlanListQuery,
  PlanListResponse,
  PlanResponse,
  PlanTemplateInput,
  PlanTemplateListResponse,
  PlanTemplateResponse,
  PlanUpdate,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { PlanTemplatesService } from './plan-templates.service.js';
import type { PlansService } from './plans.service.js';

const meta = privateRoute('plans');

export const plansRoutes: FastifyPluginAsyncZod<{
  plans: PlansService;
  templates: PlanTemplatesService;
}> = async (app, { plans, templates }) => {
  app.get(
    '/plans',
    {
      schema: {
        ...meta,
        summary: "The organization's response plans, by incident, status or assignee (me)",
        querystring: PlanListQuery,
        response: { 200: PlanListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.plan.listed,
      data: { plans: await plans.list(actorOf(request), request.query) },
    }),
  );

  app.post(
    '/plans',
    {
      schema: {
        ...meta,
        summary: 'Creates a plan on an incident, from a template or blank (managers and admins)',
        body: PlanCreate,
        response: { 201: PlanResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: API_MESSAGES.plan.created,
        data: { plan: await plans.create(actorOf(request), request.body) },
      }),
  );

  app.get(
    '/plans/:id',
    {
      schema: {
        ...meta,
        summary: 'One plan with its actions',
        params: IdParams,
        response: { 200: PlanResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.plan.retrieved,
      data: { plan: await plans.get(actorOf(request), request.params.id) },
    }),
  );

  app.patch(
    '/plans/:id',
    {
      schema: {
        ...meta,
        summary: 'Changes a plan (status, owner, name, target); 409 when stale or not completable',
        params: IdParams,
        body: PlanUpdate,
        response: { 200: PlanResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.plan.updated,
      data: { plan: await plans.update(actorOf(request), request.params.id, request.body) },
    }),
  );

  app.post(
    '/plans/:id/actions',
    {
      schema: {
        ...meta,
        summary: 'Adds an action to a plan (managers and admins)',
        params: IdParams,
        body: ActionCreate,
        response: { 201: PlanResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: API_MESSAGES.plan.actionAdded,
        data: { plan: await plans.addAction(actorOf(request), request.params.id, request.body) },
      }),
  );

  app.patch(
    '/plans/:id/actions/:actionId',
    {
      schema: {
        ...meta,
        summary: 'Changes an action; an assignee may change its status and notes; 409 when stale',
        params: ActionParams,
        body: ActionUpdate,
        response: { 200: PlanResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.plan.actionUpdated,
      data: {
        plan: await plans.updateAction(
          actorOf(request),
          request.params.id,
          request.params.actionId,
          request.body,
        ),
      },
    }),
  );

  app.get(
    '/plan-templates',
    {
      schema: {
        ...meta,
        summary: "The organization's plan templates (three starters at first)",
        response: { 200: PlanTemplateListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.plan.templatesListed,
      data: { templates: await templates.list(actorOf(request)) },
    }),
  );

  app.post(
    '/plan-templates',
    {
      schema: {
        ...meta,
        summary: 'Creates a plan template (managers and admins)',
        body: PlanTemplateInput,
        response: { 201: PlanTemplateResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: API_MESSAGES.plan.templateCreated,
        data: { template: await templates.create(actorOf(request), request.body) },
      }),
  );

  app.patch(
    '/plan-templates/:id',
    {
      schema: {
        ...meta,
        summary: 'Replaces a plan template (managers and admins)',
        params: IdParams,
        body: PlanTemplateInput,
        response: { 200: PlanTemplateResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.plan.templateUpdated,
      data: {
        template: await templates.update(actorOf(request), request.params.id, request.body),
      },
    }),
  );

  app.delete(
    '/plan-templates/:id',
    {
      schema: {
        ...meta,
        summary: 'Removes a plan template (plans made from it stay)',
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await templates.remove(actorOf(request), request.params.id);
      return { message: API_MESSAGES.plan.templateRemoved };
    },
  );
};
