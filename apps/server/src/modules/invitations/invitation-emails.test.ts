import type {
  AccountRequestApprovalResponse,
  InvitationCreateResponse,
  InvitationLookupResponse,
} from '@meridian/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { Mailer } from '../../lib/mailer.js';
import { type SmtpCapture, decodedBody, startSmtpCapture } from '../../test/smtp-server.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

let smtp: SmtpCapture;
/** Same application, with and without SMTP_URL. */
let mailing: TestServer;
let silent: TestServer;
const tokens: Record<'mailing' | 'silent' | 'owner', string> = {
  mailing: '',
  silent: '',
  owner: '',
};

async function adminOf(server: TestServer, organization: string): Promise<string> {
  const { id } = await server.createOrganization(organization);
  await server.createUser({ organizationId: id, email: 'admin@acme.example', adminRole: 'ADMIN' });
  return (await server.login('admin@acme.example')).accessToken;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  mailing = await startTestServer({
    PUBLIC_URL: 'https://meridian.example',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Meridian Invites <invites@meridian.example>',
  });
  silent = await startTestServer({ PUBLIC_URL: 'https://meridian.example' });
  tokens.mailing = await adminOf(mailing, 'Acme <Freight>');
  tokens.silent = await adminOf(silent, 'Acme Freight');
  tokens.owner = (await mailing.login(OWNER_EMAIL)).accessToken;
});
afterAll(async () => {
  await Promise.all([mailing.close(), silent.close()]);
  await smtp.stop();
});

const invite = (server: TestServer, token: string, email: string) =>
  server.request<InvitationCreateResponse>('POST', '/api/admin/invitations', {
    token,
    body: { email, adminRole: 'MANAGER' },
  });
const lookup = (server: TestServer, inviteUrl: string) =>
  server.request<InvitationLookupResponse>('POST', '/api/auth/invitations/lookup', {
    body: { token: new URL(inviteUrl).searchParams.get('token') },
  });

describe('invitation e-mails', () => {
  it('e-mails the link, organization, role and expiry when SMTP is configured', async () => {
    const created = await invite(mailing, tokens.mailing, 'Nina@Acme.example');
    expect(created.status).toBe(201);
    expect(created.body.data.emailed).toBe(true);
    const { inviteUrl, invitation } = created.body.data;

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail?.to).toEqual(['nina@acme.example']);
    expect(mail?.from).toBe('invites@meridian.example');
    const body = decodedBody(mail?.raw ?? '');
    expect(body).toMatch(/^From: Meridian Invites <invites@meridian\.example>\r?$/m);
    expect(body).toMatch(/^To: nina@acme\.example\r?$/m);
    expect(body).toMatch(/^Subject: You're invited to join Acme <Freight> on Meridian\r?$/m);
    expect(body).toContain('text/plain');
    expect(body).toContain('text/html');
    expect(body).toContain(`Accept the invitation: ${inviteUrl}`);
    expect(body).toContain(`<a href="${inviteUrl}">Accept the invitation</a>`);
    // The organization's name is text in the HTML part, never markup.
    expect(body).toContain('<strong>Acme &lt;Freight&gt;</strong> on Meridian as Manager');
    expect(body).toContain(`expires on ${new Date(invitation.expiresAt).toUTCString()}`);
    // The e-mailed link is the one that works.
    expect((await lookup(mailing, inviteUrl)).body.data.email).toBe('nina@acme.example');
  });

  it('e-mails the requester when a platform admin approves an account request', async () => {
    const before = smtp.messages.length;
    await mailing.request('POST', '/api/account-requests', {
      body: {
        email: 'buyer@newco.example',
        address1: '1 Harbor Way',
        city: 'Chicago',
        state: 'IL',
        postalCode: '60601',
        country: 'United States',
      },
    });
    const list = await mailing.request<{ data: { accountRequests: { id: string }[] } }>(
      'GET',
      '/api/admin/account-requests',
      { token: tokens.owner },
    );
    const id = list.body.data.accountRequests[0]?.id;
    const approved = await mailing.request<AccountRequestApprovalResponse>(
      'POST',
      `/api/admin/account-requests/${id}/approve`,
      { token: tokens.owner, body: { name: 'Newco Imports', slug: 'newco-imports' } },
    );
    expect(approved.status).toBe(201);
    expect(approved.body.data.emailed).toBe(true);
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages.at(-1);
    expect(mail?.to).toEqual(['buyer@newco.example']);
    const body = decodedBody(mail?.raw ?? '');
    expect(body).toMatch(/^Subject: You're invited to join Newco Imports on Meridian\r?$/m);
    expect(body).toContain('on Meridian as Admin.');
    expect(body).toContain(approved.body.data.inviteUrl);
  });

  it('sends nothing and answers emailed=false when SMTP is not configured', async () => {
    const before = smtp.messages.length;
    const created = await invite(silent, tokens.silent, 'quiet@acme.example');
    expect(created.status).toBe(201);
    expect(created.body.data.emailed).toBe(false);
    expect(created.body.data.inviteUrl).toMatch(/^https:\/\/meridian\.example\/accept-invite\?/);
    expect(smtp.messages).toHaveLength(before);
  });

  it('keeps the invitation and answers 201 with emailed=false when the SMTP server is down', async () => {
    await smtp.stop();
    const created = await invite(mailing, tokens.mailing, 'later@acme.example');
    expect(created.status).toBe(201);
    expect(created.body.data.emailed).toBe(false);
    const found = await lookup(mailing, created.body.data.inviteUrl);
    expect(found.status).toBe(200);
    expect(found.body.data.email).toBe('later@acme.example');
  });
});

describe('Mailer', () => {
  it('logs a structured warning, without throwing, when the SMTP server refuses', async () => {
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    // smtp was stopped above: nothing listens on its port any more.
    const mailer = new Mailer(
      { smtpUrl: smtp.url, from: 'Meridian <no-reply@meridian.local>' },
      log,
    );
    const sent = await mailer.send(
      { to: 'x@acme.example', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' },
      { invitationId: 'inv-1' },
    );
    expect(sent).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({
      level: 40,
      msg: 'E-mail could not be sent',
      invitationId: 'inv-1',
      err: { code: 'ESOCKET' },
    });
  });
});

describe('mail settings', () => {
  it('default the sender to the internal domain and refuse a non-SMTP URL', () => {
    expect(loadConfig({ INTERNAL_DOMAIN: 'acme.example' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'Meridian <no-reply@acme.example>',
    });
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'smtp://relay', MAIL_FROM: 'nobody' })).toThrow(
      /MAIL_FROM must contain an e-mail address/,
    );
  });
});
