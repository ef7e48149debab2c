import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, interactionPolicy } from 'oidc-provider';

/** A person the test provider knows, with the claims Google would put in the id_token. */
export type TestOidcUser = {
  email: string;
  givenName: string;
  familyName: string;
  /** Defaults to true. */
  emailVerified?: boolean;
  /** Google's hosted-domain claim; defaults to the e-mail's domain, null leaves it out. */
  hostedDomain?: string | null;
  /**
   * The account's subject (`sub`), typed into the provider's form to pick it; defaults to the
   * e-mail. Two accounts with one e-mail and different subjects stand for a re-created account.
   */
  subject?: string;
};

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? '',
  );

/** The provider's own sign-in page: pick an account by e-mail, or cancel. */
const loginPage = (uid: string, email: string, error?: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main>
<h1>Sign in to the test identity provider</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
<label>Account email <input name="email" type="email" value="${escapeHtml(email)}"></label>
<button type="submit" name="action" value="login">Continue</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>
</main></body></html>`;

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback that stands in for Google: one
 * confidential client, the given users, a minimal login form and automatic consent. It honours
 * Google's `prompt=select_account`, and puts profile, e-mail and `hd` claims in the id_token.
 */
export async function startTestOidcProvider(options: {
  redirectUris: string[];
  users: TestOidcUser[];
}): Promise<TestOidcProvider> {
  const clientId = 'meridian-test-client';
  const clientSecret = randomBytes(24).toString('base64url');
  const users = new Map(
    options.users.map((user) => [(user.subject ?? user.email).toLowerCase(), user]),
  );

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: 'test-key',
    alg: 'RS256',
    use: 'sig',
  };

  const policy = interactionPolicy.base();
  // Google's account chooser: resolved by the same login form.
  policy.unshift(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }));

  // Listening first gives the issuer its port; requests are served once the provider exists.
  const httpServer = createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

  async function handleInteraction(
    oidc: Provider,
    request: IncomingMessage,
    response: ServerResponse,
    submitted: boolean,
  ) {
    const details = await oidc.interactionDetails(request, response);
    if (details.prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      const grant = new oidc.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await oidc.interactionFinished(
        request,
        response,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    if (!submitted) {
      response.writeHead(200, { 'content-type': 'text/html' }).end(loginPage(details.uid, hint));
      return;
    }
    const form = await formBody(request);
    if (form.get('action') === 'cancel') {
      await oidc.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (!users.has(email)) {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(loginPage(details.uid, email, 'No such account at this provider'));
      return;
    }
    await oidc.interactionFinished(
      request,
      response,
      { select_account: {}, login: { accountId: email } },
      { mergeWithLastSubmission: false },
    );
  }

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', 'hd'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Like Google, put the profile and e-mail claims in the id_token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { methods: ['S256'], required: () => false },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_ctx, sub) => {
      const user = users.get(sub);
      if (!user) return undefined;
      const hostedDomain =
        user.hostedDomain === undefined ? user.email.split('@')[1] : user.hostedDomain;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: user.email,
          email_verified: user.emailVerified ?? true,
          name: `${user.givenName} ${user.familyName}`,
          given_name: user.givenName,
          family_name: user.familyName,
          ...(hostedDomain ? { hd: hostedDomain } : {}),
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  httpServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(request.url ?? '');
    if (interaction) {
      handleInteraction(provider, request, response, Boolean(interaction[2])).catch(
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
        },
      );
      return;
    }
    void provider.callback()(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
