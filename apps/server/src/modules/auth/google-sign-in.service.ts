import {
  type AuthResponse,
  type GoogleExchangePayload,
  type GoogleLinkChallenge,
  type GoogleLinkPayload,
  type GoogleSignInResponse,
  LIMITS,
  emailDomain,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { IDToken } from 'openid-client';
import type { Database, Executor } from '../../db/client.js';
import { isInternalEmail } from '../../lib/access.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { type OidcClient, OidcExchangeError } from '../../lib/oidc.js';
import { type AccessTokens, hashToken, newOpaqueToken } from '../../lib/tokens.js';
import { recordAudit } from '../audit/audit.service.js';
import { invitationsReads } from '../invitations/invitations.reads.js';
import { completeInvitation } from '../invitations/invitations.service.js';
import { type UserRow, usersReads } from '../users/users.reads.js';
import { userAccounts } from '../users/users.accounts.js';
import { securityPolicy } from '../settings/security-policy.js';
import { signInRefusal } from '../sessions/session-lifecycle.js';
import { neverActivated } from '../users/users.rules.js';
import { googleLinkRepository } from './google-link.repository.js';
import type { LoginThrottle } from '../sessions/login-throttle.js';
import { type ClientInfo, startSession } from '../sessions/sessions.js';

/** How long the password confirmation of a first Google sign-in may take, and its tries. */
export const GOOGLE_LINK = { lifetimeMs: 5 * 60 * 1000, tries: 5 } as const;

export type GoogleSignInSettings = {
  oidc: OidcClient;
  allowedDomain: string | undefined;
};

const personName = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, LIMITS.name) : undefined;

/**
 * Sign-in with Google: only people Meridian already knows may enter, and a Google account is
 * bound to a Meridian account by its subject (`sub`), never by e-mail alone. An invited
 * (pending) user is activated and linked; an account that has no password is linked on its
 * first Google sign-in; a password account is linked only once its owner confirms the
 * password. Afterwards the subject must match.
 */
export class GoogleSignInService {
  constructor(
    private readonly db: Database,
    private readonly tokens: AccessTokens,
    private readonly log: FastifyBaseLogger,
    private readonly google: GoogleSignInSettings | null,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly internalDomain: string,
  ) {}

  async signIn(payload: GoogleExchangePayload, client: ClientInfo): Promise<GoogleSignInResponse> {
    if (!this.google) throw badRequest(API_MESSAGES.google.notConfigured);
    const claims = await this.verifiedClaims(this.google.oidc, payload);
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || !claims.sub) throw unauthorized(API_MESSAGES.google.unverified);
    if (claims.email_verified !== true) throw forbidden(API_MESSAGES.google.emailNotVerified);
    // The browser checks the domain too, but only this check can be trusted: `hd` is Google's
    // hosted-domain claim, present only for accounts the domain's Workspace manages.
    const { allowedDomain } = this.google;
    if (allowedDomain && (emailDomain(email) !== allowedDomain || claims.hd !== allowedDomain)) {
      throw forbidden(API_MESSAGES.google.domainNotAllowed(allowedDomain));
    }
    this.assertStaffWorkspace(email, claims.hd);

    return this.db.transaction(async (tx): Promise<GoogleSignInResponse> => {
      const linked = await usersReads.findByGoogleSub(tx, claims.sub);
      let user = linked ?? (await usersReads.findByEmail(tx, email));
      if (!user) throw forbidden(API_MESSAGES.google.unknownAccount);
      // A linked account's staff rule is its own e-mail's, whatever Google's says today.
      if (linked) this.assertStaffWorkspace(linked.email, claims.hd);
      else if (user.googleSub) throw forbidden(API_MESSAGES.google.otherGoogleAccount);
      else if (neverActivated(user)) user = await activate(tx, user, claims);
      else if (user.passwordHash) {
        // Refused now rather than after the password, which would then be asked for nothing.
        await assertMaySignIn(tx, user);
        return this.linkChallenge(tx, user, claims.sub, client);
      } else user = await linkGoogle(tx, user, claims.sub, 'first Google sign-in');
      return this.sessionFor(tx, user, client);
    });
  }

  /** The password confirmation of a first Google sign-in: links the account and signs in. */
  async completeLink(payload: GoogleLinkPayload, client: ClientInfo): Promise<AuthResponse> {
    const challenge = await this.db.transaction(async (tx) => {
      const open = await googleLinkRepository.takeTry(tx, hashToken(payload.linkToken), new Date());
      if (!open) throw unauthorized(API_MESSAGES.google.linkExpired);
      if (open.tries >= GOOGLE_LINK.tries) throw unauthorized(API_MESSAGES.google.linkTooManyTries);
      return open;
    });
    const user = await usersReads.findById(this.db, challenge.userId);
    if (!user?.passwordHash) throw unauthorized(API_MESSAGES.google.linkExpired);
    const ticket = await this.throttle.begin(user.email, client.ip ?? '');
    if (!(await this.hasher.verify(user.passwordHash, payload.password)))
      throw unauthorized(API_MESSAGES.google.wrongPassword);
    const session = await this.db.transaction(async (tx) => {
      if (!(await googleLinkRepository.consume(tx, challenge.id)))
        throw unauthorized(API_MESSAGES.google.linkExpired);
      const current = await usersReads.findById(tx, user.id);
      if (!current) throw unauthorized(API_MESSAGES.google.linkExpired);
      if (current.googleSub && current.googleSub !== challenge.googleSub)
        throw forbidden(API_MESSAGES.google.otherGoogleAccount);
      let signedIn = current;
      if (!current.googleSub) {
        const holder = await usersReads.findByGoogleSub(tx, challenge.googleSub);
        if (holder) throw conflict(API_MESSAGES.google.linkedElsewhere);
        signedIn = await linkGoogle(tx, current, challenge.googleSub, 'password confirmed');
      }
      return this.sessionFor(tx, signedIn, {
        userAgent: client.userAgent ?? challenge.userAgent,
        ip: client.ip,
      });
    });
    await this.throttle.succeeded(ticket);
    return session;
  }

  private async sessionFor(tx: Executor, user: UserRow, client: ClientInfo) {
    await assertMaySignIn(tx, user);
    return startSession(tx, this.tokens, user, 'Login successful', client, 'GOOGLE');
  }

  /** Staff of the internal domain sign in only with an account that domain's Workspace manages. */
  private assertStaffWorkspace(email: string, hostedDomain: unknown): void {
    if (isInternalEmail(email, this.internalDomain) && hostedDomain !== this.internalDomain)
      throw forbidden(API_MESSAGES.google.staffWorkspace(this.internalDomain));
  }

  private async linkChallenge(
    tx: Executor,
    user: UserRow,
    googleSub: string,
    client: ClientInfo,
  ): Promise<GoogleLinkChallenge> {
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(Date.now() + GOOGLE_LINK.lifetimeMs);
    await googleLinkRepository.insert(tx, {
      tokenHash: hash,
      userId: user.id,
      googleSub,
      userAgent: client.userAgent,
      expiresAt,
    });
    return {
      message: API_MESSAGES.google.linkRequired,
      linkRequired: true,
      linkToken: token,
      email: user.email,
      expiresAt: expiresAt.toISOString(),
    };
  }

  private async verifiedClaims(oidc: OidcClient, payload: GoogleExchangePayload) {
    try {
      return await oidc.exchange(payload);
    } catch (error) {
      if (!(error instanceof OidcExchangeError)) throw error;
      this.log.warn({ err: error.cause }, `Google sign-in: ${error.message}`);
      throw unauthorized(
        error.reason === 'rejected'
          ? API_MESSAGES.google.codeRejected
          : API_MESSAGES.google.unverified,
      );
    }
  }
}

/** The account may enter, and its organization lets it enter with Google. */
async function assertMaySignIn(tx: Executor, user: UserRow): Promise<void> {
  const refusal = await signInRefusal(tx, user);
  if (refusal) throw forbidden(refusal);
  if (!(await securityPolicy(tx, user.organizationId)).externalAccess)
    throw forbidden(API_MESSAGES.google.externalAccessOff);
}

/** Binds the Google subject to the account, on the record; answers the account as linked. */
async function linkGoogle(
  tx: Executor,
  user: UserRow,
  googleSub: string,
  how: string,
): Promise<UserRow> {
  const linked = await userAccounts.update(tx, user.id, {
    googleSub,
    googleLinkedAt: new Date(),
  });
  await recordAudit(tx, null, {
    action: 'google.link',
    targetType: 'user',
    targetId: user.id,
    after: { how },
  });
  return linked;
}

/** Accepts the person's open invitation, as the invitation page would, without a password. */
async function activate(tx: Executor, user: UserRow, claims: IDToken): Promise<UserRow> {
  const invitation = await invitationsReads.findOpenForUser(tx, user.id);
  if (!invitation) throw forbidden(API_MESSAGES.invitation.expired);
  const [nameFirst, ...nameRest] = personName(claims.name)?.split(/\s+/) ?? [];
  const activated = await completeInvitation(tx, invitation.id, user, {
    firstName:
      personName(claims.given_name) ?? nameFirst ?? (user.firstName || emailLocalPart(user)),
    lastName: personName(claims.family_name) ?? (nameRest.join(' ') || user.lastName),
  });
  return linkGoogle(tx, activated, claims.sub, 'invitation');
}

const emailLocalPart = (user: UserRow) => user.email.split('@')[0] ?? user.email;
