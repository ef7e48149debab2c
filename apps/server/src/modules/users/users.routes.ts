import {
  ErrorBody,
  IdParams,
  MessageResponse,
  UserListQuery,
  UserListResponse,
  UserResponse,
  UserUpdate,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import type { UsersService } from './users.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const meta = { tags: ['users'], security: [{ bearer: [] }] };

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/admin/users',
    {
      schema: {
        ...meta,
        summary: 'Users of the active organization',
        querystring: UserListQuery,
        response: { 200: UserListResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Users retrieved',
      data: { users: await users.list(actorOf(request), request.query.limit) },
    }),
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        ...meta,
        summary: 'One user of the active organization',
        params: IdParams,
        response: { 200: UserResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'User retrieved',
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
        response: { 200: UserResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'User updated',
      data: await users.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/admin/users/:id',
    {
      schema: {
        ...meta,
        summary: 'Delete a user',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await users.delete(actorOf(request), request.params.id);
      return { message: 'User deleted' };
    },
  );
};
