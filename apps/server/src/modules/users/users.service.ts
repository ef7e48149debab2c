import { platformRoleChangeProblem, type User, type UserUpdate } from '@meridian/contracts';
import type { Database } from '../../db/client.js';
import { type Actor, administersActiveOrganization } from '../../lib/access.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { type UserRow, toUserDto, usersRepository } from './users.repository.js';

export const USER_MESSAGES = {
  notFound: 'User not found',
  adminRequired: 'Only an organization admin can manage users',
  notYourself: 'You cannot change or delete your own account here',
  lastAdmin: 'An organization needs at least one active admin',
} as const;

/** Would this change leave the user's organization without an active ADMIN? */
const removesAnAdmin = (target: UserRow, change: UserUpdate): boolean =>
  target.adminRole === 'ADMIN' &&
  target.accountStatus === 'ACTIVE' &&
  ((change.adminRole !== undefined && change.adminRole !== 'ADMIN') ||
    (change.accountStatus !== undefined && change.accountStatus !== 'ACTIVE'));

export class UsersService {
  constructor(private readonly db: Database) {}

  async list(actor: Actor, limit: number): Promise<User[]> {
    const rows = await usersRepository.listByOrganization(this.db, actor.organizationId, limit);
    return rows.map(toUserDto);
  }

  async get(actor: Actor, id: string): Promise<User> {
    const row = await usersRepository.findInOrganization(this.db, actor.organizationId, id);
    if (!row) throw notFound(USER_MESSAGES.notFound);
    return toUserDto(row);
  }

  async update(actor: Actor, id: string, change: UserUpdate): Promise<User> {
    return this.db.transaction(async (tx) => {
      const target = await usersRepository.lockInOrganization(tx, actor.organizationId, id);
      if (!target) throw notFound(USER_MESSAGES.notFound);
      this.assertMayManage(actor, target);
      const roleProblem = change.role
        ? platformRoleChangeProblem(
            { isPlatformAdmin: actor.isPlatformAdmin, role: actor.user.role },
            target.role,
            change.role,
          )
        : null;
      if (roleProblem) throw forbidden(roleProblem);
      if (removesAnAdmin(target, change)) {
        const others = await usersRepository.countOtherActiveAdmins(
          tx,
          target.organizationId,
          target.id,
        );
        if (others === 0) throw conflict(USER_MESSAGES.lastAdmin);
      }
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
      const target = await usersRepository.lockInOrganization(tx, actor.organizationId, id);
      if (!target) throw notFound(USER_MESSAGES.notFound);
      this.assertMayManage(actor, target);
      if (target.adminRole === 'ADMIN' && target.accountStatus === 'ACTIVE') {
        const others = await usersRepository.countOtherActiveAdmins(
          tx,
          target.organizationId,
          target.id,
        );
        if (others === 0) throw conflict(USER_MESSAGES.lastAdmin);
      }
      await usersRepository.delete(tx, target.id);
      await recordAudit(tx, actor, {
        action: 'user.delete',
        targetType: 'user',
        targetId: target.id,
        before: toUserDto(target),
      });
    });
  }

  private assertMayManage(actor: Actor, target: UserRow): void {
    if (!administersActiveOrganization(actor)) throw forbidden(USER_MESSAGES.adminRequired);
    if (target.id === actor.user.id) throw conflict(USER_MESSAGES.notYourself);
  }
}
