import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Actor } from '../lib/access.js';
import { DomainError, forbidden, unauthorized } from '../lib/errors.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/**
 * What the guard needs of the sessions module, which the composition root hands in: the
 * plugin knows no module.
 */
export type RequestAccess = {
  /** Who the token speaks for, refused with a DomainError. */
  actorFor(token: string, actAs: string | undefined, ip: string): Promise<Actor>;
  /** Resolves once this instance has heard of every change made so far. */
  settle(): Promise<void>;
  recordActAs(
    actor: Actor,
    action: string,
    targetId: string | null,
    status: number,
  ): Promise<unknown>;
};

export const ACT_AS_HEADER = 'x-act-as-organization';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in (login, health, public settings). Private is the default. */
    public?: boolean;
    /** Allowed while the user must still replace a generated password. */
    duringPasswordChange?: boolean;
    /** Allowed while the organization's policy waits for the user to set up two-factor sign-in. */
    duringTwoFactorSetup?: boolean;
    /** A POST that writes nothing (a check): its answer need not wait for access notifications. */
    readOnly?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** The request budget of the /api scope; see plugins/rate-limit.ts. */
    spendApiBudget: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The authenticated actor of a private route (the guard has already refused everyone else). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  return token || undefined;
};

/**
 * Asks again whether a request's access holds (its token unexpired, its session not revoked,
 * its organization enabled): for a long-lived answer such as a stream, after it began.
 */
export async function accessStillHolds(
  access: Pick<RequestAccess, 'actorFor'>,
  request: FastifyRequest,
): Promise<boolean> {
  const token = bearerToken(request);
  if (!token) return false;
  const actAs = request.headers[ACT_AS_HEADER];
  try {
    await access.actorFor(token, typeof actAs === 'string' ? actAs : undefined, request.ip);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * Every /api route is private unless its config says `public: true`, so a new route cannot
 * forget its authentication. One onRequest hook, in this order: who is calling (a failed
 * check is kept, not thrown yet), the request budget (per user once known, else per IP, so a
 * bad token costs its IP), then the refusal of anonymous callers on private routes.
 */
export const apiGuardPlugin = fp(async (app: FastifyInstance, opts: { access: RequestAccess }) => {
  const { access } = opts;
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    let refusal: DomainError | null = null;
    if (!config.public) {
      const token = bearerToken(request);
      const actAs = request.headers[ACT_AS_HEADER];
      if (!token) refusal = unauthorized(API_MESSAGES.request.authenticationRequired);
      else {
        try {
          request.actor = await access.actorFor(
            token,
            typeof actAs === 'string' ? actAs : undefined,
            request.ip,
          );
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refusal = error;
        }
      }
    }
    if (config.rateLimit !== false) await app.spendApiBudget(request, reply);
    if (refusal) throw refusal;
    if (request.actor?.user.passwordChangeRequired && !config.duringPasswordChange) {
      throw forbidden(API_MESSAGES.access.passwordChangeRequired);
    }
    if (request.actor?.twoFactorSetupRequired && !config.duringTwoFactorSetup) {
      throw forbidden(API_MESSAGES.access.twoFactorPolicy);
    }
  });

  // A write may have changed who a token speaks for (a revoked session, a new role): its answer
  // leaves only once this instance has heard of the change, so no request after it meets a
  // stale cache here. Reads change nothing and pay nothing.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_METHODS.has(request.method) && !request.routeOptions.config.readOnly)
      await access.settle();
    return payload;
  });

  // Written before the response leaves, so a client that has its answer can rely on the record.
  app.addHook('onSend', async (request, reply, payload) => {
    const actor = request.actor;
    if (!actor?.actingAs) return payload;
    const params = request.params as { id?: unknown } | undefined;
    await access
      .recordActAs(
        actor,
        `act-as ${request.method} ${request.routeOptions.url ?? request.url}`,
        typeof params?.id === 'string' ? params.id : null,
        reply.statusCode,
      )
      .catch((error: unknown) =>
        request.log.error({ err: error }, 'could not audit an act-as request'),
      );
    return payload;
  });
});
