import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { type Actor, isInternalEmail, isPlatformAdmin } from '../lib/access.js';
import { badRequest, forbidden, notFound, unauthorized } from '../lib/errors.js';
import type { AccessTokens } from '../lib/tokens.js';
import { recordAudit } from '../modules/audit/audit.repository.js';
import { organizationsRepository } from '../modules/organizations/organizations.repository.js';
import { usersRepository } from '../modules/users/users.repository.js';

export const ACT_AS_HEADER = 'x-act-as-organization';
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: rejects the request unless it carries a valid access token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const OrganizationId = z.uuid();

/** The authenticated actor of a route that ran `app.authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Database; tokens: AccessTokens; internalDomain: string },
  ) => {
    const { db, tokens, internalDomain } = opts;
    app.decorateRequest('actor', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ')
        ? header.slice('Bearer '.length).trim()
        : undefined;
      if (!token) throw unauthorized('Authentication required');

      const claims = await tokens.verify(token);
      if (!claims) throw unauthorized(INVALID_TOKEN_MESSAGE);
      const found = await usersRepository.findWithOrganizationStatus(db, claims.userId);
      const user = found?.user;
      if (!user || user.tokenVersion !== claims.tokenVersion || user.accountStatus !== 'ACTIVE') {
        throw unauthorized(INVALID_TOKEN_MESSAGE);
      }
      if (found.organizationStatus !== 'ACTIVE') throw forbidden('Your organization is disabled');

      const platformAdmin = isPlatformAdmin(user, internalDomain);
      let organizationId = user.organizationId;
      const requested = request.headers[ACT_AS_HEADER];
      if (typeof requested === 'string' && requested !== '' && requested !== user.organizationId) {
        if (!OrganizationId.safeParse(requested).success) {
          throw badRequest('X-Act-As-Organization must be an organization id');
        }
        if (!platformAdmin) throw forbidden('You cannot act as another organization');
        if (!(await organizationsRepository.findById(db, requested)))
          throw notFound('Organization not found');
        organizationId = requested;
      }

      request.actor = {
        user,
        organizationId,
        actingAs: organizationId !== user.organizationId,
        isInternal: isInternalEmail(user.email, internalDomain),
        isPlatformAdmin: platformAdmin,
      };
    });

    // Acting as another organization is always on the record, reads included; written before
    // the response leaves, so a client that has its answer can rely on the record existing.
    app.addHook('onSend', async (request, reply, payload) => {
      const actor = request.actor;
      if (!actor?.actingAs) return payload;
      const params = request.params as { id?: unknown } | undefined;
      await recordAudit(db, actor, {
        action: `act-as ${request.method} ${request.routeOptions.url ?? request.url}`,
        targetType: 'request',
        targetId: typeof params?.id === 'string' ? params.id : null,
        after: { status: reply.statusCode },
      }).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not audit an act-as request'),
      );
      return payload;
    });
  },
);
