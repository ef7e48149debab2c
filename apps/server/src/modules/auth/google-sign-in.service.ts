import {
  type AuthResponse,
  type GoogleExchangePayload,
  LIMITS,
  emailDomain,
} from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { IDToken } from 'openid-client';
import type { Database, Executor } from '../../db/client.js';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import { type OidcClient, OidcExchangeError } from '../../lib/oidc.js';
import type { AccessTokens } from '../../lib/tokens.js';
import { invitationsRepository } from '../invitations/invitations.repository.js';
import { INVITATION_MESSAGES, completeInvitation } from '../invitations/invitations.service.js';
import { type UserRow, usersRepository } from '../users/users.repository.js';
import { securityPolicy } from '../settings/security-policy.js';
import { signInRefusal } from './auth.service.js';
import { neverActivated } from '../users/users.rules.js';
import { type ClientInfo, startSession } from './sessions.js';

export const GOOGLE_MESSAGES = {
  notConfigured: 'Google sign-in is not configured on this server',
  codeRejected: 'Google sign-in failed: the authorization code is invalid, expired or already used',
  unverified: 'Google sign-in failed: the identity could not be verified',
  emailNotVerified: 'Google sign-in failed: your Google email address is not verified',
  domainNotAllowed: (domain: string) =>
    `This email domain is not allowed by Meridian. Allowed: ${domain}`,
  externalAccessOff:
    'Your organization does not allow Google sign-in. Sign in with your email and password.',
  unknownAccount:
    'No Meridian account uses this Google address. Ask your administrator for an invitation.',
} as const;

export type GoogleSignInSettings = {
  oidc: OidcClient;
  allowedDomain: string | undefined;
};

const personName = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, LIMITS.name) : undefined;

/**
 * Sign-in with Google: only people Meridian already knows may enter. An active user signs in;
 * an invited (pending) user is activated with the names Google holds; anyone else is refused,
 * never signed up into some organization.
 */
export class GoogleSignInService {
  constructor(
    private readonly db: Database,
    private readonly tokens: AccessTokens,
    private readonly log: FastifyBaseLogger,
    private readonly google: GoogleSignInSettings | null,
  ) {}

  async signIn(payload: GoogleExchangePayload, client: ClientInfo): Promise<AuthResponse> {
    if (!this.google) throw badRequest(GOOGLE_MESSAGES.notConfigured);
    const claims = await this.verifiedClaims(this.google.oidc, payload);
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email) throw unauthorized(GOOGLE_MESSAGES.unverified);
    if (claims.email_verified !== true) throw forbidden(GOOGLE_MESSAGES.emailNotVerified);
    // The browser checks the domain too, but only this check can be trusted: `hd` is Google's
    // hosted-domain claim, present only for accounts the domain's Workspace manages.
    const { allowedDomain } = this.google;
    if (allowedDomain && (emailDomain(email) !== allowedDomain || claims.hd !== allowedDomain)) {
      throw forbidden(GOOGLE_MESSAGES.domainNotAllowed(allowedDomain));
    }

    return this.db.transaction(async (tx) => {
      const user = await usersRepository.findByEmail(tx, email);
      if (!user) throw forbidden(GOOGLE_MESSAGES.unknownAccount);
      const signedIn = neverActivated(user) ? await activate(tx, user, claims) : user;
      const refusal = await signInRefusal(tx, signedIn);
      if (refusal) throw forbidden(refusal);
      if (!(await securityPolicy(tx, signedIn.organizationId)).externalAccess)
        throw forbidden(GOOGLE_MESSAGES.externalAccessOff);
      return startSession(tx, this.tokens, signedIn, 'Login successful', client);
    });
  }

  private async verifiedClaims(oidc: OidcClient, payload: GoogleExchangePayload) {
    try {
      return await oidc.exchange(payload);
    } catch (error) {
      if (!(error instanceof OidcExchangeError)) throw error;
      this.log.warn({ err: error.cause }, `Google sign-in: ${error.message}`);
      throw unauthorized(
        error.reason === 'rejected' ? GOOGLE_MESSAGES.codeRejected : GOOGLE_MESSAGES.unverified,
      );
    }
  }
}

/** Accepts the person's open invitation, as the invitation page would, without a password. */
async function activate(tx: Executor, user: UserRow, claims: IDToken): Promise<UserRow> {
  const invitation = await invitationsRepository.findOpenForUser(tx, user.id);
  if (!invitation) throw forbidden(INVITATION_MESSAGES.expired);
  const [nameFirst, ...nameRest] = personName(claims.name)?.split(/\s+/) ?? [];
  return completeInvitation(tx, invitation.id, user, {
    firstName:
      personName(claims.given_name) ?? nameFirst ?? (user.firstName || emailLocalPart(user)),
    lastName: personName(claims.family_name) ?? (nameRest.join(' ') || user.lastName),
  });
}

const emailLocalPart = (user: UserRow) => user.email.split('@')[0] ?? user.email;
