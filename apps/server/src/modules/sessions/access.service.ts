import { DEFAULT_SECURITY_SETTINGS, SecuritySettings } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type Actor, isInternalEmail, isPlatformAdmin } from '../../lib/access.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { NotifiedCache } from '../../lib/notified-cache.js';
import { readSettings } from '../../lib/settings-documents.js';
import type { AccessTokens } from '../../lib/tokens.js';
import { recordAudit } from '../audit/audit.service.js';
import { organizationsReads } from '../organizations/organizations.reads.js';
import { type AccessFacts, usersReads } from '../users/users.reads.js';
import { allowListAdmits } from '../settings/security-policy.js';
import { owesTwoFactor } from './two-factor-policy.js';

const OrganizationId = z.uuid();

/** The channel the `meridian_access` triggers (migration 0013) announce changes on. */
export const ACCESS_CHANNEL = 'meridian_access';

/** Signed-in sessions one instance remembers; a few hundred bytes each. */
const ACCESS_CACHE_ENTRIES = 20_000;
/** Even if a notification were lost unnoticed, nothing cached is older than this. */
const ACCESS_CACHE_MAX_AGE_MS = 60_000;

function assertAllowedAddress(securityDocument: unknown, ip: string): void {
  const policy = readSettings(SecuritySettings, DEFAULT_SECURITY_SETTINGS, securityDocument);
  if (!allowListAdmits(policy, ip)) throw forbidden(API_MESSAGES.access.addressNotAllowed(ip));
}

/** Who a bearer token speaks for, and for which organization: the check behind every private route. */
export class AccessService {
  constructor(
    private readonly db: Database,
    private readonly tokens: AccessTokens,
    private readonly internalDomain: string,
    /** Rows behind tokens, kept until the database announces a change (per user). */
    private readonly cache: NotifiedCache<AccessFacts | null>,
    /**
     * Resolves once this instance has heard every access change committed so far (a write
     * request awaits it before answering, so its own next request never meets a stale cache).
     */
    readonly settle: () => Promise<void>,
  ) {}

  /** A cache of access rows: it keeps nothing until told it hears of changes (setListening). */
  static newCache(): NotifiedCache<AccessFacts | null> {
    return new NotifiedCache({
      maxEntries: ACCESS_CACHE_ENTRIES,
      maxAgeMs: ACCESS_CACHE_MAX_AGE_MS,
    });
  }

  /** One query, or none while nothing about this user, session or organization changed. */
  private facts(userId: string, sessionId: string): Promise<AccessFacts | null> {
    return this.cache.through(
      `${userId}:${sessionId}`,
      userId,
      async () => (await usersReads.findForAccess(this.db, userId, sessionId)) ?? null,
    );
  }

  /**
   * The actor of a token, or a DomainError saying why there is none (401, 400, 403, 404).
   * `ip` is the client address, held against the organization's IP allow list.
   */
  async actorFor(token: string, actAs: string | undefined, ip: string): Promise<Actor> {
    const claims = await this.tokens.verify(token);
    if (!claims) throw unauthorized(API_MESSAGES.access.invalidToken);
    const found = await this.facts(claims.userId, claims.sessionId);
    const user = found?.user;
    const session = found?.session;
    if (
      !user ||
      !session ||
      session.revokedAt ||
      session.expiresAt.getTime() <= Date.now() ||
      user.tokenVersion !== claims.tokenVersion ||
      user.accountStatus !== 'ACTIVE'
    ) {
      throw unauthorized(API_MESSAGES.access.invalidToken);
    }
    if (found.organizationStatus !== 'ACTIVE')
      throw forbidden(API_MESSAGES.access.organizationDisabled);

    const platformAdmin = isPlatformAdmin(user, this.internalDomain);
    let organizationId = user.organizationId;
    if (actAs && actAs !== user.organizationId) {
      if (!OrganizationId.safeParse(actAs).success)
        throw badRequest(API_MESSAGES.access.actAsMalformed);
      if (!platformAdmin) throw forbidden(API_MESSAGES.access.actAsForbidden);
      if (!(await organizationsReads.findById(this.db, actAs)))
        throw notFound(API_MESSAGES.organization.notFound);
      organizationId = actAs;
    }
    // Platform staff acting as the organization are exempt; every such request is audited.
    if (organizationId === user.organizationId)
      assertAllowedAddress(found.organizationSecurity, ip);
    return {
      user,
      twoFactorSetupRequired: owesTwoFactor({
        user,
        method: found.sessionMethod,
        twoFactorEnabled: found.twoFactorEnabled,
        organizationSecurity: found.organizationSecurity,
      }),
      signInMethod: found.sessionMethod,
      twoFactorEnabled: found.twoFactorEnabled,
      sessionId: claims.sessionId,
      organizationId,
      actingAs: organizationId !== user.organizationId,
      isInternal: isInternalEmail(user.email, this.internalDomain),
      isPlatformAdmin: platformAdmin,
    };
  }

  /** Acting as another organization is always on the record, reads included. */
  recordActAs(actor: Actor, action: string, targetId: string | null, status: number) {
    return recordAudit(this.db, actor, {
      action,
      targetType: 'request',
      targetId,
      after: { status },
    });
  }
}
