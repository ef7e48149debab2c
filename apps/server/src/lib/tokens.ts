import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const ALGORITHM = 'HS256';
/** Verified tokens remembered per instance (about 200 bytes each). */
const VERIFIED_TOKENS_KEPT = 50_000;
const ISSUER = 'meridian';
const AUDIENCE = 'meridian-api';

/** sessionId names the session (refresh-token family) the token was issued to. */
export type AccessClaims = { userId: string; tokenVersion: number; sessionId: string };

/** Signs and verifies short-lived access tokens; the algorithm, issuer and audience are pinned. */
export class AccessTokens {
  /**
   * Imported once: given raw bytes, jose imports a WebCrypto key on every call, which was a
   * quarter of a token check's time.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ ver: claims.tokenVersion, sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(await this.key);
  }

  /**
   * A token's signature checked once per instance: a page sends the same token for up to 15
   * minutes. Keyed by the whole token, so a cached answer is the one a check would give again,
   * and each entry ends with its token's expiry.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  /** Returns the claims, or null for any invalid, expired or foreign token. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(token);
    }
    const checked = await this.check(token);
    if (checked) {
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
        // Maps keep insertion order: the oldest goes.
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
      this.verified.set(token, checked);
      return checked.claims;
    }
    return null;
  }

  private async check(
    token: string,
  ): Promise<{ claims: AccessClaims; expiresAtMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      });
      const { typ, ver, sid, sub, exp } = payload;
      if (
        typ !== 'access' ||
        typeof ver !== 'number' ||
        typeof sid !== 'string' ||
        !sub ||
        typeof exp !== 'number'
      )
        return null;
      return {
        claims: { userId: sub, tokenVersion: ver, sessionId: sid },
        expiresAtMs: exp * 1000,
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/** An opaque random token: what the client holds, and the hash we store. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
