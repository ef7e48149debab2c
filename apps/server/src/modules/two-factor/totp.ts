import { createHash, randomBytes } from 'node:crypto';
import { TWO_FACTOR } from '@meridian/contracts';
import { generateSecret, generateURI, verify } from 'otplib';

/** Codes one step either side of now are accepted: clocks drift and people type slowly. */
const TOLERANCE_SECONDS = TWO_FACTOR.periodSeconds;

export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const otpauthUri = (secret: string, account: string): string =>
  generateURI({ issuer: TWO_FACTOR.issuer, label: account, secret });

/** The time step of a valid code (to remember, so it is never accepted twice), else null. */
export async function matchingStep(
  secret: string,
  code: string,
  now = new Date(),
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** RFC 4648 Base32: no 0, 1 or 8 to misread as o, l or b when copied from paper. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 16 random Base32 characters (80 bits) in groups of four. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

/** Codes carry 80 random bits, so a fast hash is enough; case, spaces and dashes are ignored. */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
