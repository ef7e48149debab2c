import { z } from 'zod';
import { AuthResponse } from './auth.js';
import { LIMITS } from './constants.js';

/** The numbers of two-factor sign-in, shared by the server that enforces them and the pages that say them. */
export const TWO_FACTOR = {
  codeDigits: 6,
  /** RFC 6238's default step: a code changes every 30 seconds. */
  periodSeconds: 30,
  recoveryCodeCount: 10,
  /** Wrong codes one sign-in challenge accepts before it must start again with the password. */
  challengeTries: 5,
  challengeLifetimeMs: 5 * 60 * 1000,
  issuer: 'Meridian',
} as const;

export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'code must be the 6 digits your authenticator app shows' });

/** A recovery code as the user typed it: spaces, dashes and case do not matter. */
export const RecoveryCode = z
  .string()
  .trim()
  .min(1, { message: 'recoveryCode is required' })
  .max(40, { message: 'recoveryCode must be at most 40 characters' });

/** What POST /auth/login answers, instead of a session, when the account has 2FA on. */
export const TwoFactorChallenge = z
  .object({
    message: z.string(),
    twoFactorRequired: z.literal(true),
    challengeToken: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

/** A session, or (2FA on) the challenge that POST /auth/login/2fa turns into one. */
export const LoginResponse = z.union([AuthResponse, TwoFactorChallenge]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const isTwoFactorChallenge = (answer: LoginResponse): answer is TwoFactorChallenge =>
  'twoFactorRequired' in answer && answer.twoFactorRequired;

export const TwoFactorLoginPayload = z
  .strictObject({
    challengeToken: z.string().min(1, { message: 'challengeToken is required' }).max(200),
    code: TotpCode.optional(),
    recoveryCode: RecoveryCode.optional(),
  })
  .refine((payload) => (payload.code === undefined) !== (payload.recoveryCode === undefined), {
    message: 'Send either code or recoveryCode',
  });
export type TwoFactorLoginPayload = z.input<typeof TwoFactorLoginPayload>;

export const TwoFactorSetupResponse = z.object({
  message: z.string(),
  /** The secret in Base32 (for typing in) and as the otpauth:// URI a QR code carries. */
  data: z.object({ secret: z.string(), otpauthUri: z.string() }),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

export const TwoFactorEnablePayload = z.strictObject({ code: TotpCode });
export type TwoFactorEnablePayload = z.input<typeof TwoFactorEnablePayload>;

export const RecoveryCodesResponse = z.object({
  message: z.string(),
  /** Shown once: only their hashes are kept. */
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

export const TwoFactorDisablePayload = z.strictObject({
  password: z.string().min(1, { message: 'password is required' }).max(LIMITS.passwordMax),
  /** A current code from the app, or one of the recovery codes. */
  code: RecoveryCode,
});
export type TwoFactorDisablePayload = z.input<typeof TwoFactorDisablePayload>;

/**
 * What POST /auth/google answers, instead of a session, when the Google address belongs to a
 * password account not yet linked to Google: POST /auth/google/link with the password links it.
 */
export const GoogleLinkChallenge = z
  .object({
    message: z.string(),
    linkRequired: z.literal(true),
    linkToken: z.string(),
    email: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'GoogleLinkChallenge' });
export type GoogleLinkChallenge = z.infer<typeof GoogleLinkChallenge>;

export const GoogleSignInResponse = z.union([AuthResponse, GoogleLinkChallenge]);
export type GoogleSignInResponse = z.infer<typeof GoogleSignInResponse>;

export const isGoogleLinkChallenge = (
  answer: GoogleSignInResponse,
): answer is GoogleLinkChallenge => 'linkRequired' in answer && answer.linkRequired;

export const GoogleLinkPayload = z.strictObject({
  linkToken: z.string().min(1, { message: 'linkToken is required' }).max(200),
  password: z.string().min(1, { message: 'password is required' }).max(LIMITS.passwordMax),
});
export type GoogleLinkPayload = z.input<typeof GoogleLinkPayload>;

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes; 0 while 2FA is off. */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorStatusResponse = z.object({ message: z.string(), data: TwoFactorStatus });
export type TwoFactorStatusResponse = z.infer<typeof TwoFactorStatusResponse>;
