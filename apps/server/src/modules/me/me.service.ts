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
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { assertPasswordNotCommon } from '../../lib/password-policy.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { readSettings } from '../../lib/settings-documents.js';
import type { AccessTokens } from '../../lib/tokens.js';
import { recordAudit } from '../audit/audit.service.js';
import type { LoginThrottle } from '../sessions/login-throttle.js';
import { type ClientInfo, revokeAllSessions, startSession } from '../sessions/sessions.js';
import { toSessionDto } from '../sessions/sessions.mapper.js';
import { userSessions } from '../sessions/sessions.js';
import { toUserDto } from '../users/users.mapper.js';
import { type UserRow, usersReads } from '../users/users.reads.js';
import { userAccounts } from '../users/users.accounts.js';
import { settingsReads } from '../settings/settings.reads.js';
import { twoFactorStatus } from '../two-factor/two-factor.service.js';
import { meRepository } from './me.repository.js';

/** What the signed-in user manages about themselves. */
export class MeService {
  constructor(
    private readonly db: Database,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokens,
    private readonly throttle: LoginThrottle,
  ) {}

  async profile(actor: Actor): Promise<Profile> {
    return this.toProfile(
      this.db,
      actor.user,
      await meRepository.findSettings(this.db, actor.user.id),
    );
  }

  async updateProfile(actor: Actor, change: ProfileUpdate): Promise<Profile> {
    return this.db.transaction(async (tx) => {
      const updated = await userAccounts.update(tx, actor.user.id, change);
      await recordAudit(tx, actor, {
        action: 'profile.update',
        targetType: 'user',
        targetId: actor.user.id,
        before: { firstName: actor.user.firstName, lastName: actor.user.lastName },
        after: change,
      });
      return this.toProfile(tx, updated, await meRepository.findSettings(tx, actor.user.id));
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

  /** As alerts read them: my saved settings, else my organization's defaults, else Meridian's. */
  async notifications(actor: Actor): Promise<NotificationSettings> {
    const stored = (await meRepository.findSettings(this.db, actor.user.id))?.notifications;
    const defaults = readSettings(
      NotificationSettings,
      DEFAULT_NOTIFICATION_SETTINGS,
      await settingsReads.find(this.db, actor.user.organizationId, 'notifications'),
    );
    return readSettings(NotificationSettings, defaults, stored);
  }

  saveNotifications(
    actor: Actor,
    notifications: NotificationSettings,
  ): Promise<NotificationSettings> {
    return this.save(actor, 'notifications', notifications);
  }

  /**
   * Changes the password, ends every session, and starts a fresh one for the caller. The
   * current password is a guessable secret too: its checks are throttled like sign-ins.
   */
  async changePassword(
    actor: Actor,
    change: PasswordChange,
    client: ClientInfo,
  ): Promise<AuthResponse> {
    const current = actor.user.passwordHash;
    if (!current) throw badRequest(API_MESSAGES.me.noPassword);
    if (change.currentPassword === change.newPassword)
      throw badRequest(API_MESSAGES.me.samePassword);
    assertPasswordNotCommon(change.newPassword, 'newPassword');
    const ticket = await this.throttle.begin(actor.user.email, client.ip ?? '');
    if (!(await this.hasher.verify(current, change.currentPassword)))
      throw badRequest(API_MESSAGES.me.wrongPassword);
    await this.throttle.succeeded(ticket);
    const passwordHash = await this.hasher.hash(change.newPassword);
    return this.db.transaction(async (tx) => {
      const updated = await userAccounts.update(tx, actor.user.id, {
        passwordHash,
        passwordChangedAt: new Date(),
        passwordChangeRequired: false,
      });
      await revokeAllSessions(tx, actor.user.id);
      await recordAudit(tx, actor, {
        action: 'password.change',
        targetType: 'user',
        targetId: actor.user.id,
      });
      const fresh = await usersReads.findById(tx, updated.id);
      return startSession(tx, this.tokens, fresh ?? updated, 'Password changed', client);
    });
  }

  /**
   * Unlinks the Google account: sign-in is by password again, and sessions Google signed in
   * (other than this one) end. A later Google sign-in must confirm the password to link again.
   */
  async unlinkGoogle(actor: Actor): Promise<void> {
    if (!actor.user.passwordHash) throw badRequest(API_MESSAGES.me.googleOnly);
    await this.db.transaction(async (tx) => {
      const user = await usersReads.findById(tx, actor.user.id);
      if (!user?.googleSub) throw badRequest(API_MESSAGES.me.noGoogleLink);
      await userAccounts.update(tx, user.id, { googleSub: null, googleLinkedAt: null });
      const ended = await userSessions.revokeOthers(tx, user.id, actor.sessionId, 'GOOGLE');
      await recordAudit(tx, actor, {
        action: 'google.unlink',
        targetType: 'user',
        targetId: user.id,
        after: { sessionsEnded: ended },
      });
    });
  }

  async sessions(actor: Actor): Promise<Session[]> {
    const rows = await userSessions.listLive(this.db, actor.user.id, new Date());
    return rows.map((row) => toSessionDto(row, actor.sessionId));
  }

  /** "Sign out all other sessions": every device but this one; answers how many ended. */
  async revokeOtherSessions(actor: Actor): Promise<number> {
    return this.db.transaction(async (tx) => {
      const ended = await userSessions.revokeOthers(tx, actor.user.id, actor.sessionId);
      await recordAudit(tx, actor, {
        action: 'session.revoke_others',
        targetType: 'user',
        targetId: actor.user.id,
        after: { ended },
      });
      return ended;
    });
  }

  async revokeSession(actor: Actor, sessionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await userSessions.revoke(tx, actor.user.id, sessionId)))
        throw notFound(API_MESSAGES.me.sessionNotFound);
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

  private async toProfile(
    db: Executor,
    user: UserRow,
    settings: Awaited<ReturnType<typeof meRepository.findSettings>>,
  ): Promise<Profile> {
    return {
      user: toUserDto(user),
      preferences: readSettings(Preferences, DEFAULT_PREFERENCES, settings?.preferences),
      preferencesSaved: settings?.preferences != null,
      passwordChangedAt: user.passwordChangedAt?.toISOString() ?? null,
      loginMethod: !user.passwordHash
        ? 'GOOGLE'
        : user.googleSub
          ? 'PASSWORD_AND_GOOGLE'
          : 'PASSWORD',
      googleLinkedAt: user.googleLinkedAt?.toISOString() ?? null,
      twoFactor: await twoFactorStatus(db, user.id),
    };
  }
}
