import {
  type AdminRole,
  type AuthResponse,
  type InvitationAccept,
  type InvitationCreateResponse,
  type InvitationLookupResponse,
  WEB_PATHS,
  emailDomain,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database, Executor } from '../../db/client.js';
import { type Actor, isInternalEmail, requireAccess } from '../../lib/access.js';
import { badRequest, conflict, gone, notFound } from '../../lib/errors.js';
import { type Mailer, escapeHtml } from '../../lib/mailer.js';
import { assertPasswordNotCommon } from '../../lib/password-policy.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import {
  type AccessTokens,
  INVITATION_LIFETIME_MS,
  hashToken,
  newOpaqueToken,
} from '../../lib/tokens.js';
import { recordAudit } from '../audit/audit.service.js';
import { type ClientInfo, startSession } from '../sessions/sessions.js';
import { organizationsReads } from '../organizations/organizations.reads.js';
import { type NewUser, type UserRow, usersReads } from '../users/users.reads.js';
import { userAccounts } from '../users/users.accounts.js';
import { toUserDto } from '../users/users.mapper.js';
import { neverActivated } from '../users/users.rules.js';
import { type InvitationRow, invitationsRepository } from './invitations.repository.js';

type InvitationData = InvitationCreateResponse['data'];

/** An invitation saved but not yet e-mailed: delivery waits until its transaction commits. */
export type PreparedInvitation = Omit<InvitationData, 'emailed'> & { organizationName: string };

const ROLE_NAMES: Record<AdminRole, string> = {
  VIEWER: 'Viewer',
  MANAGER: 'Manager',
  ADMIN: 'Admin',
};

function invitationEmail({ invitation, inviteUrl, organizationName }: PreparedInvitation) {
  const role = ROLE_NAMES[invitation.adminRole];
  const expires = new Date(invitation.expiresAt).toUTCString();
  const [org, url] = [escapeHtml(organizationName), escapeHtml(inviteUrl)];
  return {
    to: invitation.email,
    subject: `You're invited to join ${organizationName} on Meridian`,
    text: [
      `You have been invited to join ${organizationName} on Meridian as ${role}.`,
      '',
      `Accept the invitation: ${inviteUrl}`,
      '',
      `The link expires on ${expires}.`,
    ].join('\n'),
    html: [
      `<p>You have been invited to join <strong>${org}</strong> on Meridian as ${role}.</p>`,
      `<p><a href="${url}">Accept the invitation</a></p>`,
      `<p>The link expires on ${expires}.</p>`,
    ].join('\n'),
  };
}

/**
 * Activates the invited user with what they gave, closes the invitation and records it; the
 * caller's transaction makes the three one change.
 */
export async function completeInvitation(
  tx: Executor,
  invitationId: string,
  user: UserRow,
  details: Pick<NewUser, 'firstName' | 'lastName' | 'passwordHash' | 'passwordChangedAt'>,
): Promise<UserRow> {
  const activated = await userAccounts.update(tx, user.id, {
    ...details,
    accountStatus: 'ACTIVE',
  });
  await invitationsRepository.markAccepted(tx, invitationId);
  await recordAudit(tx, null, {
    action: 'invitation.accept',
    targetType: 'user',
    targetId: user.id,
    before: toUserDto(user),
    after: toUserDto(activated),
  });
  return activated;
}

export class InvitationsService {
  constructor(
    private readonly db: Database,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokens,
    private readonly internalDomain: string,
    private readonly mailer: Mailer,
  ) {}

  async create(
    actor: Actor,
    input: { email: string; adminRole: AdminRole },
    baseUrl: string,
  ): Promise<InvitationData> {
    requireAccess(actor, 'organization.administer', API_MESSAGES.invitation.adminRequired);
    const prepared = await this.db.transaction((tx) =>
      this.createIn(tx, actor, actor.organizationId, input, baseUrl),
    );
    return this.deliver(prepared);
  }

  /**
   * E-mails a committed invitation. A failed send leaves the invitation in place: the admin still
   * has the link to pass on, and the response says it was not e-mailed.
   */
  async deliver(prepared: PreparedInvitation): Promise<InvitationData> {
    const emailed = await this.mailer.send(invitationEmail(prepared), {
      invitationId: prepared.invitation.id,
    });
    return { invitation: prepared.invitation, inviteUrl: prepared.inviteUrl, emailed };
  }

  /**
   * Invites into an organization inside the caller's transaction; the caller checked permissions
   * and calls deliver once the transaction has committed.
   */
  async createIn(
    tx: Executor,
    actor: Actor,
    organizationId: string,
    input: { email: string; adminRole: AdminRole },
    baseUrl: string,
  ): Promise<PreparedInvitation> {
    const organization = await organizationsReads.findById(tx, organizationId);
    if (!organization) throw notFound(API_MESSAGES.organization.notFound);
    if (isInternalEmail(input.email, this.internalDomain) && !organization.isInternal) {
      throw badRequest(API_MESSAGES.invitation.internalOnly);
    }

    // A registered domain is its organization's alone; refused before any account is looked
    // up, so the answer is the same whether or not the address exists.
    const domainOwner = await organizationsReads.findByDomain(tx, emailDomain(input.email));
    if (domainOwner && domainOwner.id !== organization.id) {
      throw conflict(API_MESSAGES.invitation.notInvitable);
    }
    let user = await usersReads.findByEmail(tx, input.email);
    if (user && user.organizationId !== organization.id) {
      // The domain's own organization takes back an address another one invited and nobody
      // accepted; any other account elsewhere is not named.
      if (!(domainOwner && neverActivated(user)))
        throw conflict(API_MESSAGES.invitation.notInvitable);
      await recordAudit(tx, actor, {
        action: 'invitation.reclaim',
        targetType: 'user',
        targetId: user.id,
        before: { organizationId: user.organizationId },
        after: { organizationId: organization.id },
      });
    } else if (user && !neverActivated(user)) {
      // Re-inviting is only for people who never activated: it must not reopen an account.
      throw conflict(API_MESSAGES.invitation.userExists);
    }
    if (user) {
      // Inviting a pending person again sends a fresh link and retires the old ones.
      await invitationsRepository.expireOpenForUser(tx, user.id);
      user = await userAccounts.update(tx, user.id, {
        organizationId: organization.id,
        adminRole: input.adminRole,
      });
    } else {
      user = await userAccounts.insert(tx, {
        organizationId: organization.id,
        email: input.email,
        adminRole: input.adminRole,
        role: 'MEMBER',
        accountStatus: 'PENDING',
      });
    }

    const token = newOpaqueToken();
    const invitation = await invitationsRepository.insert(tx, {
      organizationId: organization.id,
      userId: user.id,
      email: input.email,
      adminRole: input.adminRole,
      tokenHash: token.hash,
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
      invitedBy: actor.user.id,
    });
    const dto = {
      id: invitation.id,
      email: invitation.email,
      adminRole: invitation.adminRole,
      expiresAt: invitation.expiresAt.toISOString(),
    };
    await recordAudit(tx, actor, {
      action: 'invitation.create',
      targetType: 'user',
      targetId: user.id,
      after: dto,
    });
    return {
      invitation: dto,
      inviteUrl: `${baseUrl}${WEB_PATHS.acceptInvite.getHref(token.token)}`,
      organizationName: organization.name,
    };
  }

  async lookup(token: string): Promise<InvitationLookupResponse['data']> {
    const invitation = await this.usable(this.db, token, false);
    const organization = await organizationsReads.findById(this.db, invitation.organizationId);
    if (!organization) throw notFound(API_MESSAGES.invitation.invalid);
    return {
      email: invitation.email,
      adminRole: invitation.adminRole,
      organizationName: organization.name,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /**
   * The token and its user are checked before any password is hashed, so an unknown or used
   * token costs a lookup, not an argon2id hash. The hash is made outside the transaction (it
   * is slow), then the invitation and the user are locked and checked again.
   */
  async accept(input: InvitationAccept, client: ClientInfo): Promise<AuthResponse> {
    await this.openInvitation(this.db, input.token, false);
    assertPasswordNotCommon(input.password, 'password');
    const passwordHash = await this.hasher.hash(input.password);
    return this.db.transaction(async (tx) => {
      const { invitation, user } = await this.openInvitation(tx, input.token, true);
      const activated = await completeInvitation(tx, invitation.id, user, {
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        passwordChangedAt: new Date(),
      });
      return startSession(tx, this.tokens, activated, 'Invitation accepted', client);
    });
  }

  /** A usable invitation and its never-activated user, optionally locked for the change. */
  private async openInvitation(
    db: Executor,
    token: string,
    lock: boolean,
  ): Promise<{ invitation: InvitationRow; user: UserRow }> {
    const invitation = await this.usable(db, token, lock);
    const user = lock
      ? await userAccounts.lockInOrganization(db, invitation.organizationId, invitation.userId)
      : await usersReads.findById(db, invitation.userId);
    if (!user || !neverActivated(user)) throw gone(API_MESSAGES.invitation.used);
    return { invitation, user };
  }

  private async usable(db: Executor, token: string, lock: boolean): Promise<InvitationRow> {
    const invitation = await invitationsRepository.findByTokenHash(db, hashToken(token), lock);
    if (!invitation) throw notFound(API_MESSAGES.invitation.invalid);
    if (invitation.acceptedAt) throw gone(API_MESSAGES.invitation.used);
    if (invitation.expiresAt.getTime() <= Date.now()) throw gone(API_MESSAGES.invitation.expired);
    return invitation;
  }
}
