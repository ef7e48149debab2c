import {
  type AuthResponse,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PREFERENCES,
  NotificationSettings,
  type PasswordChange,
  Preferences,
  type Profile,
  type ProfileUpdate,
  type Session,
} from '@meridian/contracts';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { assertPasswordNotCommon } from '../../lib/password-policy.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { readSettings } from '../../lib/settings-documents.js';
import type { AccessTokens } from '../../lib/tokens.js';
import { recordAudit } from '../audit/audit.repository.js';
import { revokeAllSessions, startSession } from '../auth/sessions.js';
import { type UserRow, toUserDto, usersRepository } from '../users/users.repository.js';
import { meRepository } from './me.repository.js';

export const ME_MESSAGES = {
  wrongPassword: 'Current password is incorrect',
  noPassword: 'This account signs in with Google and has no password to change',
  samePassword: 'The new password must be different from the current one',
  sessionNotFound: 'Session not found',
} as const;

/** What the signed-in user manages about themselves. */
export class MeService {
  constructor(
    private readonly db: Database,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokens,
  ) {}

  async profile(actor: Actor): Promise<Profile> {
    return this.toProfile(actor.user, await meRepository.findSettings(this.db, actor.user.id));
  }

  async updateProfile(actor: Actor, change: ProfileUpdate): Promise<Profile> {
    return this.db.transaction(async (tx) => {
      const updated = await usersRepository.update(tx, actor.user.id, change);
      await recordAudit(tx, actor, {
        action: 'profile.update',
        targetType: 'user',
        targetId: actor.user.id,
        before: { firstName: actor.user.firstName, lastName: actor.user.lastName },
        after: change,
      });
      return this.toProfile(updated, await meRepository.findSettings(tx, actor.user.id));
    });
  }

  async preferences(actor: Actor): Promise<Preferences> {
    return readSettings(
      Preferences,
      DEFAULT_PREFERENCES,
      (await meRepository.findSettings(this.db, actor.user.id))?.preferences,
    );
  }

  savePreferences(actor: Actor, preferences: Preferences): Promise<Preferences> {
    return this.save(actor, 'preferences', preferences);
  }

  async notifications(actor: Actor): Promise<NotificationSettings> {
    const stored = (await meRepository.findSettings(this.db, actor.user.id))?.notifications;
    return readSettings(NotificationSettings, DEFAULT_NOTIFICATION_SETTINGS, stored);
  }

  saveNotifications(
    actor: Actor,
    notifications: NotificationSettings,
  ): Promise<NotificationSettings> {
    return this.save(actor, 'notifications', notifications);
  }

  /** Changes the password, ends every session, and starts a fresh one for the caller. */
  async changePassword(actor: Actor, change: PasswordChange): Promise<AuthResponse> {
    const current = actor.user.passwordHash;
    if (!current) throw badRequest(ME_MESSAGES.noPassword);
    if (!(await this.hasher.verify(current, change.currentPassword)))
      throw badRequest(ME_MESSAGES.wrongPassword);
    if (change.currentPassword === change.newPassword) throw badRequest(ME_MESSAGES.samePassword);
    assertPasswordNotCommon(change.newPassword, 'newPassword');
    const passwordHash = await this.hasher.hash(change.newPassword);
    return this.db.transaction(async (tx) => {
      const updated = await usersRepository.update(tx, actor.user.id, {
        passwordHash,
        passwordChangedAt: new Date(),
      });
      await revokeAllSessions(tx, actor.user.id);
      await recordAudit(tx, actor, {
        action: 'password.change',
        targetType: 'user',
        targetId: actor.user.id,
      });
      const fresh = await usersRepository.findById(tx, updated.id);
      return startSession(tx, this.tokens, fresh ?? updated, 'Password changed');
    });
  }

  async sessions(actor: Actor): Promise<Session[]> {
    const rows = await meRepository.listSessions(this.db, actor.user.id, new Date());
    return rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.createdAt ?? 0).toISOString(),
      lastUsedAt: new Date(row.lastUsedAt ?? 0).toISOString(),
      expiresAt: new Date(row.expiresAt ?? 0).toISOString(),
    }));
  }

  async revokeSession(actor: Actor, sessionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await meRepository.revokeSession(tx, actor.user.id, sessionId)))
        throw notFound(ME_MESSAGES.sessionNotFound);
      await recordAudit(tx, actor, {
        action: 'session.revoke',
        targetType: 'session',
        targetId: sessionId,
      });
    });
  }

  private async save<T>(
    actor: Actor,
    column: 'preferences' | 'notifications',
    value: T,
  ): Promise<T> {
    await this.db.transaction(async (tx) => {
      const before = (await meRepository.findSettings(tx, actor.user.id))?.[column] ?? null;
      await meRepository.saveSettings(tx, actor.user.id, column, value);
      await recordAudit(tx, actor, {
        action: `${column}.update`,
        targetType: 'user',
        targetId: actor.user.id,
        before,
        after: value,
      });
    });
    return value;
  }

  private toProfile(
    user: UserRow,
    settings: Awaited<ReturnType<typeof meRepository.findSettings>>,
  ): Profile {
    return {
      user: toUserDto(user),
      preferences: readSettings(Preferences, DEFAULT_PREFERENCES, settings?.preferences),
      preferencesSaved: settings?.preferences != null,
      passwordChangedAt: user.passwordChangedAt?.toISOString() ?? null,
      loginMethod: user.passwordHash ? 'PASSWORD' : 'GOOGLE',
    };
  }
}
