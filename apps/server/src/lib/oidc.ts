import * as client from 'openid-client';

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
};

export type AuthorizationCodeReply = {
  code: string;
  state: string;
  redirectUri: string;
  codeVerifier?: string | undefined;
  nonce: string;
};

/** Why an exchange failed: the provider refused the code, or its reply did not verify. */
export class OidcExchangeError extends Error {
  constructor(
    readonly reason: 'rejected' | 'unverified',
    cause: unknown,
  ) {
    super(`OpenID Connect code exchange ${reason}`, { cause });
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const DISCOVERY_TIMEOUT_SECONDS = 10;

/** Plain HTTP is accepted only on loopback, where a test provider stands in for Google. */
export const isAcceptableIssuer = (issuer: URL): boolean =>
  issuer.protocol === 'https:' ||
  (issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname));

/**
 * The relying-party half of "sign in with Google": discovery through the issuer's
 * /.well-known/openid-configuration, then the authorisation-code exchange with the client
 * secret and the PKCE verifier, and validation of the id_token (signature, issuer, audience,
 * expiry, nonce) by openid-client.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  /** Discovered once; a failed discovery is not cached, so the next call tries again. */
  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const issuerUrl = new URL(issuer);
    this.configuration ??= client
      .discovery(
        issuerUrl,
        clientId,
        clientSecret,
        clientSecret ? client.ClientSecretPost(clientSecret) : client.None(),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          execute: [
            // Check the id_token's signature against the issuer's keys too, not only TLS.
            client.enableNonRepudiationChecks,
            ...(issuerUrl.protocol === 'http:' ? [client.allowInsecureRequests] : []),
          ],
        },
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async authorizationEndpoint(): Promise<string | null> {
    return (await this.discover()).serverMetadata().authorization_endpoint ?? null;
  }

  /** Exchanges the code and returns the verified id_token claims. */
  async exchange(reply: AuthorizationCodeReply): Promise<client.IDToken> {
    const configuration = await this.discover().catch((error: unknown) => {
      throw new OidcExchangeError('unverified', error);
    });
    const callback = new URL(reply.redirectUri);
    callback.search = '';
    callback.hash = '';
    callback.searchParams.set('code', reply.code);
    callback.searchParams.set('state', reply.state);
    // The browser forwards code and state only. With a single configured issuer there is no
    // mix-up to detect, so the expected issuer stands in for the response's iss parameter.
    const metadata = configuration.serverMetadata();
    if (metadata.authorization_response_iss_parameter_supported) {
      callback.searchParams.set('iss', metadata.issuer);
    }
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callback, {
        expectedState: reply.state,
        expectedNonce: reply.nonce,
        pkceCodeVerifier: reply.codeVerifier,
        idTokenExpected: true,
      });
    } catch (error) {
      const rejected = error instanceof client.ResponseBodyError && error.error === 'invalid_grant';
      throw new OidcExchangeError(rejected ? 'rejected' : 'unverified', error);
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcExchangeError('unverified', new Error('no id_token'));
    return claims;
  }
}
