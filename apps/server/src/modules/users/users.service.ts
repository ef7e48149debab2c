import {
  type TwoFactorStatus,
  platformRoleChangeProblem,
  type RuleTarget,
  userManagementProblem,
  type Session,
  type User,
  type UserListQuery,
  type UserListResponse,
  type UserUpdate,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database, Executor } from '../../db/client.js';
import { type Actor, isInternalEmail, requireAccess } from '../../lib/access.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { keysetPage } from '../../db/keyset-page.js';
import { NotifiedCache } from '../../lib/notified-cache.js';
import { recordAudit } from '../audit/audit.service.js';
import { revokeAllSessions } from '../sessions/sessions.js';
import { toSessionDto } from '../sessions/sessions.mapper.js';
import { userSessions } from '../sessions/sessions.js';
import { removeTwoFactor } from '../two-factor/two-factor.service.js';
import { twoFactorReads } from '../two-factor/two-factor.reads.js';
import { twoFactorStatus } from '../two-factor/two-factor.service.js';
import { toUserDto } from './users.mapper.js';
import { type UserRow, userKeyset, usersRepository } from './users.repository.js';

/** The channel the `meridian_users` triggers (migration 0014) name an organization on. */
export const USERS_CHANNEL = 'meridian_users';

/** A response body as a route's serializer writes it. */
type Body = string | Uint8Array | ArrayBuffer;

/** List bodies one instance keeps: each at most 100 users, about 27 KB. */
const LIST_CACHE_ENTRIES = 500;
/** Even if a notification were lost unnoticed, no kept list is older than this. */
const LIST_CACHE_MAX_AGE_MS = 60_000;

/** The change (or deletion, `null`) takes an active ADMIN away from the organization. */
const removesAnAdmin = (target: UserRow, change: UserUpdate | null): boolean =>
  target.adminRole === 'ADMIN' &&
  target.accountStatus === 'ACTIVE' &&
  (change === null ||
    (change.adminRole !== undefined && change.adminRole !== 'ADMIN') ||
    (change.accountStatus !== undefined && change.accountStatus !== 'ACTIVE'));

/** The change (or deletion) takes an active OWNER away. */
const removesAnOwner = (target: UserRow, change: UserUpdate | null): boolean =>
  target.role === 'OWNER' &&
  target.accountStatus === 'ACTIVE' &&
  (change === null ||
    (change.role !== undefined && change.role !== 'OWNER') ||
    (change.accountStatus !== undefined && change.accountStatus !== 'ACTIVE'));

export class UsersService {
  constructor(
    private readonly db: Database,
    private readonly internalDomain: string,
    /** List bodies per organization and query, kept until the database announces a change. */
    private readonly listBodies: NotifiedCache<Body> = UsersService.newCache(),
  ) {}

  /** A cache of list bodies: it keeps nothing until told it hears of changes (setListening). */
  static newCache(): NotifiedCache<Body> {
    return new NotifiedCache({ maxEntries: LIST_CACHE_ENTRIES, maxAgeMs: LIST_CACHE_MAX_AGE_MS });
  }

  /**
   * `list` as the route's response body (`serialize` writes it), kept per organization and query
   * until the database announces a change to that organization's users (any row written,
   * inserted or deleted): repeated requests cost no query and no serialization. The body
   * depends on nothing else: not on who asks within the organization, nor on the time.
   */
  listBody(
    actor: Actor,
    query: UserListQuery,
    serialize: (data: UserListResponse['data']) => Body,
  ): Promise<Body> {
    return this.listBodies.through(
      `${actor.organizationId}\n${JSON.stringify(query)}`,
      actor.organizationId,
      async () => serialize(await this.list(actor, query)),
    );
  }

  /** One page of the active organization's users, searched, filtered and sorted. */
  async list(actor: Actor, query: UserListQuery): Promise<UserListResponse['data']> {
    const { organizationId } = actor;
    const { adminRole, role, status, sort, direction } = query;
    const filters = { q: query.q || undefined, adminRole, role, status };
    const keyset = userKeyset(sort, direction);
    const page = await keysetPage(
      query,
      ['users', organizationId, filters, sort, direction],
      (after, limit) =>
        usersRepository.listPage(this.db, organizationId, { filters, keyset, after, limit }),
    );
    return {
      users: page.items.map((row) => toUserDto(row)),
      nextCursor: page.nextCursor,
      total: await usersRepository.count(this.db, organizationId, filters),
    };
  }

  async get(actor: Actor, id: string): Promise<User> {
    const row = await usersRepository.findInOrganization(this.db, actor.organizationId, id);
    if (!row) throw notFound(API_MESSAGES.user.notFound);
    return toUserDto(row);
  }

  async update(actor: Actor, id: string, change: UserUpdate): Promise<User> {
    return this.db.transaction(async (tx) => {
      const target = await this.lockManageable(tx, actor, id);
      const roleProblem = change.role
        ? platformRoleChangeProblem(
            { isPlatformAdmin: actor.isPlatformAdmin, role: actor.user.role },
            this.ruleTarget(target),
            change.role,
          )
        : null;
      if (roleProblem) throw forbidden(roleProblem);
      if (change.accountStatus === 'ACTIVE' && target.accountStatus === 'PENDING') {
        throw conflict(API_MESSAGES.user.activatesByInvitation);
      }
      await this.assertInvariantsKept(tx, target, change);
      const updated = await usersRepository.update(tx, target.id, change);
      // Any change of status or role ends the user's sessions, so new rights apply at once.
      await revokeAllSessions(tx, target.id);
      await recordAudit(tx, actor, {
        action: 'user.update',
        targetType: 'user',
        targetId: target.id,
        before: toUserDto(target),
        after: toUserDto(updated),
      });
      return toUserDto(updated);
    });
  }

  async delete(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.lockManageable(tx, actor, id);
      await this.assertInvariantsKept(tx, target, null);
      await usersRepository.delete(tx, target.id);
      await recordAudit(tx, actor, {
        action: 'user.delete',
        targetType: 'user',
        targetId: target.id,
        before: toUserDto(target),
      });
    });
  }

  /** A member's live sessions, for the admins who may manage them (the same rank rule). */
  async sessions(actor: Actor, id: string): Promise<Session[]> {
    return this.db.transaction(async (tx) => {
      const target = await this.lockManageable(tx, actor, id);
      const rows = await userSessions.listLive(tx, target.id, new Date());
      return rows.map((row) => toSessionDto(row));
    });
  }

  /** Signs one of a member's sessions out: its access tokens stop at their next request. */
  async revokeSession(actor: Actor, id: string, sessionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.lockManageable(tx, actor, id);
      if (!(await userSessions.revoke(tx, target.id, sessionId)))
        throw notFound(API_MESSAGES.user.sessionNotFound);
      await recordAudit(tx, actor, {
        action: 'session.revoke',
        targetType: 'session',
        targetId: sessionId,
        before: { userId: target.id },
      });
    });
  }

  /** Whether a member signs in with a second factor (for the admins who may manage them). */
  async twoFactor(actor: Actor, id: string): Promise<TwoFactorStatus> {
    return this.db.transaction(async (tx) => {
      const target = await this.lockManageable(tx, actor, id);
      return twoFactorStatus(tx, target.id);
    });
  }

  /**
   * Resets a member's second factor (a lost phone): sign-in asks for the password alone until
   * they set it up again, which their organization's policy may require at once.
   */
  async resetTwoFactor(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.lockManageable(tx, actor, id);
      if (!(await twoFactorReads.find(tx, target.id))?.enabledAt)
        throw badRequest(API_MESSAGES.user.twoFactorOff);
      await removeTwoFactor(tx, target.id);
      await recordAudit(tx, actor, {
        action: 'two_factor.reset',
        targetType: 'user',
        targetId: target.id,
      });
    });
  }

  /**
   * Locks the target's organization, then the target: every change that counts an
   * organization's admins or owners takes its turn, so two admins demoting each other at once
   * cannot both succeed. Refuses (403/409) unless the rank rule lets the actor manage them.
   */
  private async lockManageable(tx: Executor, actor: Actor, id: string): Promise<UserRow> {
    const visible = await usersRepository.findInOrganization(tx, actor.organizationId, id);
    if (!visible) throw notFound(API_MESSAGES.user.notFound);
    requireAccess(actor, 'organization.administer', API_MESSAGES.user.adminRequired);
    await usersRepository.lockOrganization(tx, visible.organizationId);
    const target = await usersRepository.lockInOrganization(tx, actor.organizationId, id);
    if (!target) throw notFound(API_MESSAGES.user.notFound);
    const problem = userManagementProblem(
      {
        id: actor.user.id,
        role: actor.user.role,
        isPlatformAdmin: actor.isPlatformAdmin,
        administersOrganization: true,
      },
      this.ruleTarget(target),
    );
    if (problem === API_MESSAGES.user.notYourself) throw conflict(problem);
    if (problem) throw forbidden(problem);
    return target;
  }

  /** A user as the rank rules see them: platform roles count only for internal addresses. */
  private ruleTarget(user: UserRow): RuleTarget {
    return { ...user, isInternal: isInternalEmail(user.email, this.internalDomain) };
  }

  private async assertInvariantsKept(
    tx: Executor,
    target: UserRow,
    change: UserUpdate | null,
  ): Promise<void> {
    if (
      removesAnAdmin(target, change) &&
      (await usersRepository.countOtherActive(tx, target.organizationId, target.id, {
        adminRole: 'ADMIN',
      })) === 0
    ) {
      throw conflict(API_MESSAGES.user.lastAdmin);
    }
    if (
      removesAnOwner(target, change) &&
      (await usersRepository.countOtherActive(tx, target.organizationId, target.id, {
        role: 'OWNER',
      })) === 0
    ) {
      throw conflict(API_MESSAGES.user.lastOwner);
    }
  }
}
