import { z } from 'zod';
import { Email } from './common.js';
import { LIMITS } from './constants.js';
import { AdminRole } from './enums.js';
import { PersonName, User } from './users.js';

export const LoginPayload = z.strictObject({
  email: Email,
  password: z.string().min(1, { message: 'password is required' }).max(LIMITS.passwordMax),
});
export type LoginPayload = z.input<typeof LoginPayload>;

export const RefreshPayload = z.strictObject({
  refreshToken: z.string().min(1, { message: 'refreshToken is required' }).max(200),
});
export type RefreshPayload = z.infer<typeof RefreshPayload>;

export const LogoutPayload = z.strictObject({
  refreshToken: z.string().max(200).optional(),
});
export type LogoutPayload = z.infer<typeof LogoutPayload>;

export const GoogleExchangePayload = z.strictObject({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(500),
  redirectUri: z.url().max(2000),
  /** PKCE verifier; absent only where the browser has no WebCrypto (not a secure origin). */
  codeVerifier: z.string().min(43).max(128).optional(),
  /** The nonce sent to the provider, which the id_token must carry back. */
  nonce: z.string().min(16).max(200),
});
export type GoogleExchangePayload = z.infer<typeof GoogleExchangePayload>;

export const AuthResponse = z
  .object({
    message: z.string(),
    accessToken: z.string(),
    refreshToken: z.string().optional(),
    user: User,
  })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const RefreshResponse = z.object({
  message: z.string(),
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  user: User.optional(),
});
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const ValidateResponse = z.object({ message: z.string(), user: User });
export type ValidateResponse = z.infer<typeof ValidateResponse>;

export const Password = z
  .string()
  .min(LIMITS.passwordMin, {
    message: `password must be at least ${LIMITS.passwordMin} characters`,
  })
  .max(LIMITS.passwordMax, {
    message: `password must be at most ${LIMITS.passwordMax} characters`,
  });

export const InvitationCreate = z.strictObject({
  email: Email,
  adminRole: AdminRole.default('VIEWER'),
});
export type InvitationCreate = z.input<typeof InvitationCreate>;

export const Invitation = z.object({
  id: z.uuid(),
  email: z.string(),
  adminRole: AdminRole,
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

export const InvitationCreateResponse = z.object({
  message: z.string(),
  /** emailed: whether the link also went out by e-mail (only when the server has SMTP). */
  data: z.object({ invitation: Invitation, inviteUrl: z.string(), emailed: z.boolean() }),
});
export type InvitationCreateResponse = z.infer<typeof InvitationCreateResponse>;

export const InvitationAccept = z.strictObject({
  token: z.string().min(1, { message: 'token is required' }).max(200),
  firstName: PersonName,
  lastName: PersonName,
  password: Password,
});
export type InvitationAccept = z.infer<typeof InvitationAccept>;

export const InvitationLookupPayload = z.strictObject({
  token: z.string().min(1, { message: 'token is required' }).max(200),
});
export type InvitationLookupPayload = z.infer<typeof InvitationLookupPayload>;

export const InvitationLookupResponse = z.object({
  message: z.string(),
  data: z.object({
    email: z.string(),
    adminRole: AdminRole,
    organizationName: z.string(),
    expiresAt: z.string(),
  }),
});
export type InvitationLookupResponse = z.infer<typeof InvitationLookupResponse>;
