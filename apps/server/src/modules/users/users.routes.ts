import {
  IdParams,
  MessageResponse,
  UserListQuery,
  UserListResponse,
  UserResponse,
  UserUpdate,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { UsersService } from './users.service.js';

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
    async (request) => ({
      message: 'Users retrieved',
      data: await users.list(actorOf(request), request.query),
    }),
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
        response: { 200: UserResponse, ...errorResponses },
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
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await users.delete(actorOf(request), request.params.id);
      return { message: 'User deleted' };
    },
  );
};
