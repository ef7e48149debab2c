import {
  AuthResponse,
  ErrorBody,
  InvitationAccept,
  InvitationCreate,
  InvitationCreateResponse,
  InvitationLookupPayload,
  InvitationLookupResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-docs.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { actorOf } from '../../plugins/auth.js';
import { clientInfo } from '../sessions/sessions.js';
import type { InvitationsService } from './invitations.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const errors = { ...errorResponses, 410: ErrorBody, 503: ErrorBody };

export const invitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  publicUrl: string | undefined;
}> = async (app, { invitations, publicUrl }) => {
  app.post(
    '/admin/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Invite a person into the active organization',
        security: [{ bearer: [] }],
        body: InvitationCreate,
        response: { 201: InvitationCreateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const baseUrl = publicBaseUrl(request, publicUrl);
      const data = await invitations.create(actorOf(request), request.body, baseUrl);
      return reply.status(201).send({ message: API_MESSAGES.invitation.sent, data });
    },
  );

  app.post(
    '/auth/invitations/lookup',
    {
      config: { public: true },
      schema: {
        tags: ['invitations'],
        summary: 'What an invitation link is for (public)',
        body: InvitationLookupPayload,
        response: { 200: InvitationLookupResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.invitation.found,
      data: await invitations.lookup(request.body.token),
    }),
  );

  app.post(
    '/auth/invitations/accept',
    {
      config: { public: true },
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation: set name and password, and sign in',
        body: InvitationAccept,
        response: { 200: AuthResponse, ...errors },
      },
    },
    (request) => invitations.accept(request.body, clientInfo(request)),
  );
};
