import {
  IdParams,
  MessageResponse,
  SessionListResponse,
  UserListQuery,
  UserListResponse,
  UserResponse,
  TwoFactorStatusResponse,
  UserSessionParams,
  UserUpdate,
} from '@meridian/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { JSON_TYPE } from '../../lib/versioned-json.js';
import { actorOf } from '../../plugins/auth.js';
import type { UsersService } from './users.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const meta = privateRoute('users');

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/admin/users',
    {
      schema: {
        ...meta,
        summary: 'Users of the active organization: searched, filtered, sorted, paged',
        querystring: UserListQuery,
        response: { 200: UserListResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await users.listBody(actorOf(request), request.query, (data) =>
        reply.serialize({ message: API_MESSAGES.user.listed, data }),
      );
      // Written by this route's response schema (reply.serialize): it leaves as it is.
      return (reply as FastifyReply).type(JSON_TYPE).send(body);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        ...meta,
        summary: 'One user of the active organization',
        params: IdParams,
        response: { 200: UserResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.user.retrieved,
      data: await users.get(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/admin/users/:id',
    {
      schema: {
        ...meta,
        summary: 'Change one field of a user: accountStatus, adminRole or role',
        params: IdParams,
        body: UserUpdate,
        response: { 200: UserResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.user.updated,
      data: await users.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/admin/users/:id/sessions',
    {
      schema: {
        ...meta,
        summary: "A member's signed-in sessions (admins who may manage the member)",
        params: IdParams,
        response: { 200: SessionListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.session.listed,
      data: { sessions: await users.sessions(actorOf(request), request.params.id) },
    }),
  );

  app.delete(
    '/admin/users/:id/sessions/:sessionId',
    {
      schema: {
        ...meta,
        summary: "Sign one of a member's sessions out",
        params: UserSessionParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await users.revokeSession(actorOf(request), request.params.id, request.params.sessionId);
      return { message: API_MESSAGES.session.revoked };
    },
  );

  app.get(
    '/admin/users/:id/two-factor',
    {
      schema: {
        ...meta,
        summary: 'Whether a member signs in with a second factor',
        params: IdParams,
        response: { 200: TwoFactorStatusResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.user.twoFactorRetrieved,
      data: await users.twoFactor(actorOf(request), request.params.id),
    }),
  );

  app.delete(
    '/admin/users/:id/two-factor',
    {
      schema: {
        ...meta,
        summary: "Reset a member's two-factor authentication (a lost authenticator)",
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await users.resetTwoFactor(actorOf(request), request.params.id);
      return { message: API_MESSAGES.user.twoFactorReset };
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      schema: {
        ...meta,
        summary: 'Delete a user',
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await users.delete(actorOf(request), request.params.id);
      return { message: API_MESSAGES.user.deleted };
    },
  );
};
