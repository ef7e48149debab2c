import type { TestAccount } from './fixtures';

type AuthReply = {
  accessToken: string;
  refreshToken?: string;
  user: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    adminRole: TestAccount['adminRole'];
  };
};

/** Talks to the running server the way a script would, to set up data for browser tests. */
export class TestApi {
  constructor(readonly baseUrl: string) {}

  async request<T>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; organizationId?: string } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.organizationId) headers['X-Act-As-Organization'] = options.organizationId;
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  login(email: string, password: string): Promise<AuthReply> {
    return this.request('POST', '/auth/login', { body: { email, password } });
  }

  async createOrganization(
    token: string,
    name: string,
    slug: string,
  ): Promise<{ id: string; name: string }> {
    const reply = await this.request<{ data: { organization: { id: string; name: string } } }>(
      'POST',
      '/admin/organizations',
      { token, body: { name, slug, status: 'ACTIVE' } },
    );
    return reply.data.organization;
  }

  /** Invites the account into the organization and accepts the invitation as that person. */
  async createMember(
    token: string,
    organizationId: string,
    account: TestAccount,
  ): Promise<AuthReply> {
    const invitation = await this.request<{ data: { inviteUrl: string } }>(
      'POST',
      '/admin/invitations',
      { token, organizationId, body: { email: account.email, adminRole: account.adminRole } },
    );
    const inviteToken = new URL(invitation.data.inviteUrl, this.baseUrl).searchParams.get('token');
    if (!inviteToken) throw new Error(`No token in ${invitation.data.inviteUrl}`);
    return this.request('POST', '/auth/invitations/accept', {
      body: {
        token: inviteToken,
        firstName: account.firstName,
        lastName: account.lastName,
        password: account.password,
      },
    });
  }

  setAccountStatus(
    token: string,
    organizationId: string,
    userId: string,
    accountStatus: 'ACTIVE' | 'PENDING' | 'DEACTIVATED',
  ): Promise<unknown> {
    return this.request('PUT', `/admin/users/${userId}`, {
      token,
      organizationId,
      body: { accountStatus },
    });
  }
}
