import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from './support/test';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../apps/server/src/test/webhook-receiver';
import {
  currentPath,
  expectAccessible,
  saveScreenshot,
  signIn,
  useBrowser,
  waitForStillPage,
  type PageOptions,
  startSignedIn,
} from './support/browser';
import { sampleAlertEmail } from '../apps/server/src/test/alert-email-sample';
import { startSlackApi } from '../apps/server/src/test/slack-api';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

/** The bell polls every 30 s; the tests move the page's clock on instead of waiting. */
const POLL_INTERVAL_MS = 30_000;

/** A local stand-in for a customer's webhook receiver, as the server reaches it. */
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const account = (email: string) => ({ email, password: SEEDED_PASSWORD });

const world = useSeededServer(async (server) => {
  const acme = await server.createOrganization('Acme Logistics');
  const borealis = await server.createOrganization('Borealis Freight');
  for (const [organizationId, email, adminRole] of [
    [acme.id, 'ada@acme.example', 'ADMIN'],
    [acme.id, 'mia@acme.example', 'MANAGER'],
    [acme.id, 'vic@acme.example', 'VIEWER'],
    [borealis.id, 'bo@borealis.example', 'VIEWER'],
  ] as const) {
    await server.createUser({ organizationId, email, adminRole });
  }
  return {
    admin: account('ada@acme.example'),
    manager: account('mia@acme.example'),
    member: account('vic@acme.example'),
    outsider: account('bo@borealis.example'),
  };
});
const browser = useBrowser();

const tokens = new Map<string, string>();
/** An access token of the account, signed in once per file. */
async function tokenOf(email: string): Promise<string> {
  const known = tokens.get(email);
  if (known) return known;
  const { accessToken } = await world().server.login(email);
  tokens.set(email, accessToken);
  return accessToken;
}

/** The member's user id, asked once. */
async function memberId(): Promise<string> {
  const reply = await world().server.request<{ user: { id: string } }>(
    'POST',
    '/api/auth/validate',
    { token: await tokenOf(world().data.member.email) },
  );
  return reply.body.user.id;
}

/**
 * The manager records an incident of Acme through the API, far from anything of Acme's, and
 * assigns it to the member: every other member has it in their inbox, and the member, whose
 * work it now is, on their channels too (a desktop notification).
 */
async function recordIncident(title: string): Promise<string> {
  const { server, data } = world();
  const accessToken = await tokenOf(data.manager.email);
  const reply = await server.request<{ data: { incident: { id: string } } }>(
    'POST',
    '/api/incidents',
    {
      token: accessToken,
      body: {
        title,
        severity: 'HIGH',
        type: 'PORT_CONGESTION',
        location: { lat: -40.5, lng: -30.25 },
        assigneeId: await memberId(),
      },
    },
  );
  expect(reply.status).toBe(201);
  return reply.body.data.incident.id;
}

/** The member's notifications as the server holds them, newest first. */
async function notificationsOf(email: string) {
  const reply = await world().server.request<{
    data: { notifications: { id: string; title: string }[]; unread: number };
  }>('GET', '/api/notifications', { token: await tokenOf(email) });
  return reply.body.data;
}

/** Waits until the server holds this many unread notifications for the account. */
const unreadOnServer = (email: string, expected: number) =>
  expect
    .poll(async () => (await notificationsOf(email)).unread, { timeout: 10_000 })
    .toBe(expected);

type Shown = { title: string; body: string; tag: string };

/** Keeps every desktop notification the page constructs, so the test can read and click them. */
const recordDesktopNotifications = (page: Page) =>
  page.addInitScript(() => {
    const shown: { title: string; body: string; tag: string; notification: Notification }[] = [];
    const Original = window.Notification;
    class Recorded extends Original {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({
          title,
          body: options?.body ?? '',
          tag: options?.tag ?? '',
          notification: this,
        });
      }
    }
    Object.assign(window, { Notification: Recorded, shownNotifications: shown });
  });

type Recorder = { shownNotifications: (Shown & { notification: Notification })[] };

const shownNotifications = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as Recorder).shownNotifications.map(({ title, body, tag }) => ({
      title,
      body,
      tag,
    })),
  );

const clickDesktopNotification = (page: Page, tag: string) =>
  page.evaluate((wanted) => {
    const entry = (window as unknown as Recorder).shownNotifications.find(
      (shown) => shown.tag === wanted,
    );
    entry?.notification.dispatchEvent(new Event('click'));
  }, tag);

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const bell = (page: Page, unread: number) =>
  page.getByRole('button', {
    name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
    exact: true,
  });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const item = (page: Page, title: string) =>
  panel(page).getByRole('listitem').filter({ hasText: title });

/** A signed-in page of the member, on Plans (no map to take the focus), with the first poll done. */
async function memberPage(options: PageOptions = {}) {
  const page = await browser.newPage({
    baseURL: world().baseUrl,
    bypassCSP: true,
    permissions: ['notifications'],
    ...options,
  });
  await recordDesktopNotifications(page);
  await page.clock.install();
  const firstPoll = page.waitForResponse((response) =>
    response.url().endsWith('/api/notifications/unread'),
  );
  await startSignedIn(page, world().data.member, '/admin/plans', { theme: options.colorScheme });
  await firstPoll;
  await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
  return page;
}

describe('the notification bell', () => {
  it('counts a new incident, lists it, leads to it, and marks everything read', async () => {
    const page = await memberPage();
    await bell(page, 0).waitFor();

    const strikeId = await recordIncident('Port strike at Rotterdam');
    await unreadOnServer(world().data.member.email, 1);
    await page.clock.fastForward(POLL_INTERVAL_MS);
    await bell(page, 1).waitFor();
    expect(await bell(page, 1).innerText()).toBe('1');

    // It arrived after the page loaded, Desktop is on by default and the browser allows it.
    await expect.poll(() => shownNotifications(page)).toHaveLength(1);
    const [newest] = (await notificationsOf(world().data.member.email)).notifications;
    // One thread: recorded, and assigned to the member (the order the two were fanned out).
    const [shown] = await shownNotifications(page);
    expect(shown?.title).toMatch(/^(New incident|Assigned to you): Port strike at Rotterdam$/);
    expect(shown?.body.split('\n').sort()).toEqual([
      'Recorded by mia User',
      'mia User assigned this incident to you',
    ]);
    expect(shown?.tag.startsWith(`${newest?.id}@`)).toBe(true);

    // Keyboard: Enter opens the panel, Escape closes it and gives the focus back to the bell.
    await bell(page, 1).focus();
    await page.keyboard.press('Enter');
    await panel(page).waitFor();
    await item(page, 'Port strike at Rotterdam').getByText('Unread:').waitFor();
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Notifications, 1 unread');

    await bell(page, 1).click();
    await item(page, 'Port strike at Rotterdam').getByText('Recorded by mia User').waitFor();
    await item(page, 'Port strike at Rotterdam').getByText('2 updates').waitFor();
    await waitForStillPage(page);
    await expectAccessible(page);
    await saveScreenshot(page, 'notifications-panel-dark');

    await item(page, 'Port strike at Rotterdam').getByRole('button').click();
    await page.waitForURL(`**/admin/events/${strikeId}`);
    await bell(page, 0).waitFor();
    await unreadOnServer(world().data.member.email, 0);

    const floodId = await recordIncident('Flooding closes the A15');
    await recordIncident('Crane failure at Maasvlakte');
    await unreadOnServer(world().data.member.email, 2);
    await page.clock.fastForward(POLL_INTERVAL_MS);
    await bell(page, 2).waitFor();
    await expect.poll(async () => (await shownNotifications(page)).length).toBe(3);

    // Clicking a desktop notification opens its event and reads it.
    const flood = (await shownNotifications(page)).find((shown) => shown.title.includes('A15'));
    await clickDesktopNotification(page, flood?.tag ?? '');
    await page.waitForURL(`**/admin/events/${floodId}`);
    await bell(page, 1).waitFor();

    await bell(page, 1).click();
    await panel(page).getByRole('button', { name: 'Mark all read' }).click();
    await bell(page, 0).waitFor();
    expect(await panel(page).getByText('Unread:').count()).toBe(0);
    await unreadOnServer(world().data.member.email, 0);

    // Later polls show nothing again: each id was shown once.
    await page.keyboard.press('Escape');
    await page.clock.fastForward(POLL_INTERVAL_MS);
    await bell(page, 0).waitFor();
    const tags = (await shownNotifications(page)).map((shown) => shown.tag);
    expect(new Set(tags).size).toBe(3);
    expect(tags).toHaveLength(3);
  });

  it('is pictured in the light theme and at phone width, and says when all is read', async () => {
    const page = await memberPage({ colorScheme: 'light' });
    await recordIncident('Customs backlog at Antwerp');
    await unreadOnServer(world().data.member.email, 1);
    await page.clock.fastForward(POLL_INTERVAL_MS);
    await bell(page, 1).click();
    await item(page, 'Customs backlog at Antwerp').getByText('Unread:').waitFor();
    await waitForStillPage(page);
    await expectAccessible(page);
    await saveScreenshot(page, 'notifications-panel-light');

    const outsider = await browser.newPage({
      baseURL: world().baseUrl,
      bypassCSP: true,
      viewport: { width: 390, height: 844 },
    });
    await signIn(outsider, world().data.outsider);
    await bell(outsider, 0).click();
    await panel(outsider).getByText("You're all caught up").waitFor();
    expect(await panel(outsider).getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(
      true,
    );
    await waitForStillPage(outsider);
    await expectAccessible(outsider);
    await saveScreenshot(outsider, 'notifications-panel-phone');
    await panel(outsider).getByRole('link', { name: 'Notification settings' }).click();
    await outsider.waitForURL('**/admin/notifications');
  });
});

describe('the live inbox', () => {
  it('shows a change in the open panel at once, folded into its thread, with no poll', async () => {
    const member = world().data.member.email;
    await world().server.request('POST', '/api/notifications/read-all', {
      token: await tokenOf(member),
    });
    // The page's clock never moves: no poll can run, only the stream brings news.
    const page = await memberPage();
    await bell(page, 0).click();
    await panel(page).waitFor();

    const id = await recordIncident('Strike at Le Havre');
    await bell(page, 1).waitFor({ timeout: 5_000 });
    await item(page, 'Strike at Le Havre').getByText('2 updates').waitFor({ timeout: 5_000 });

    // A later change to the same incident is the same thread, updated and still unread.
    const status = await world().server.request('PATCH', `/api/incidents/${id}`, {
      token: await tokenOf(world().data.manager.email),
      body: { status: 'IN_PROGRESS' },
    });
    expect(status.status).toBe(200);
    await item(page, 'Strike at Le Havre').getByText('3 updates').waitFor({ timeout: 5_000 });
    expect(await item(page, 'Strike at Le Havre').count()).toBe(1);
    await bell(page, 1).waitFor();

    // Read in another tab: this one's bell follows.
    await world().server.request('POST', '/api/notifications/read-all', {
      token: await tokenOf(member),
    });
    await bell(page, 0).waitFor({ timeout: 5_000 });
  });
});

/** Counts the page's requests for the browser's permission. */
const countPermissionRequests = (page: Page) =>
  page.addInitScript(() => {
    const requestPermission = Notification.requestPermission.bind(Notification);
    const counter = { asked: 0 };
    Notification.requestPermission = (callback) => {
      counter.asked += 1;
      return requestPermission(callback);
    };
    Object.assign(window, { permissionRequests: counter });
  });
const permissionRequests = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { permissionRequests: { asked: number } }).permissionRequests.asked,
  );

describe('desktop notifications', () => {
  it('are asked for only from the button, and show what the browser decided', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await countPermissionRequests(page);
    await startSignedIn(page, world().data.outsider, '/admin/notifications');
    const section = page.getByRole('region', { name: 'Desktop notifications' });
    await section.getByText('Not allowed yet').waitFor();
    expect(await permissionRequests(page)).toBe(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'notifications-desktop-dark');

    // Headless Chromium refuses when asked; the section says so.
    await section.getByRole('button', { name: 'Allow desktop notifications' }).click();
    await section.getByText('Blocked by the browser').waitFor();
    expect(await permissionRequests(page)).toBe(1);
    expect(await section.getByRole('button').count()).toBe(0);

    // Allowed later in the browser's site settings: the section follows at once.
    await page.context().grantPermissions(['notifications']);
    await section.getByText('Allowed', { exact: true }).waitFor();

    // Where SMS alerts go is saved with the rest.
    const number = page.getByLabel('Mobile number for SMS');
    await number.fill('555 0123');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter the number in international form', { exact: false }).waitFor();
    await number.fill('+14155550123');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Notification settings saved').waitFor();
    await page.reload();
    expect(await page.getByLabel('Mobile number for SMS').inputValue()).toBe('+14155550123');
  });
});

describe('alert preferences', () => {
  it('sets the alert priority and quiet hours, kept through a reload, in the profile’s zone', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, world().data.outsider, '/admin/notifications');
    const form = page.getByRole('form', { name: 'Notification settings' });
    await form.getByRole('combobox', { name: 'Alert priority' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      'P1 · Act now only',
      'P2 · Act today and higher',
      'P3 · Watch and higher',
      'P4 · Note and higher',
    ]);
    await page.getByRole('option', { name: 'P1 · Act now only' }).click();
    await form.getByRole('switch', { name: 'Quiet hours' }).click();
    await form.getByLabel('From', { exact: true }).fill('21:30');
    await form.getByLabel('To', { exact: true }).fill('06:45');
    // Channels per kind: e-mail only for their own work; SMS is off above, so its column is.
    await form.getByRole('checkbox', { name: 'Exposure by Email' }).uncheck();
    expect(await form.getByRole('checkbox', { name: 'Your work by SMS' }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Notification settings saved').waitFor();
    await page.reload();
    const saved = page.getByRole('form', { name: 'Notification settings' });
    expect(await saved.getByRole('combobox', { name: 'Alert priority' }).innerText()).toBe(
      'P1 · Act now only',
    );
    expect(
      await saved.getByRole('switch', { name: 'Quiet hours' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await saved.getByLabel('From', { exact: true }).inputValue()).toBe('21:30');
    expect(await saved.getByLabel('To', { exact: true }).inputValue()).toBe('06:45');
    expect(await saved.getByRole('checkbox', { name: 'Exposure by Email' }).isChecked()).toBe(
      false,
    );
    expect(await saved.getByRole('checkbox', { name: 'Your work by Email' }).isChecked()).toBe(
      true,
    );
    // The profile's time zone is "Automatic": the browser's own went with them.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await saved
      .getByText(`In your profile's time zone; while it is Automatic, this browser's: ${zone}.`)
      .waitFor();
    const stored = await world().server.request<{
      data: {
        quietHours: { timeZone: string };
        channelsByGroup: Record<string, { email: boolean }>;
      };
    }>('GET', '/api/me/notifications', { token: await tokenOf(world().data.outsider.email) });
    expect(stored.body.data.quietHours.timeZone).toBe(zone);
    expect(stored.body.data.channelsByGroup.exposure?.email).toBe(false);
    await waitForStillPage(page);
    await expectAccessible(page);
    await saveScreenshot(page, 'notifications-preferences-dark');

    const light = await browser.newPage({
      baseURL: world().baseUrl,
      bypassCSP: true,
      colorScheme: 'light',
    });
    await startSignedIn(light, world().data.outsider, '/admin/notifications', { theme: 'light' });
    await light.getByRole('switch', { name: 'Quiet hours' }).waitFor();
    await waitForStillPage(light);
    await expectAccessible(light);
    await saveScreenshot(light, 'notifications-preferences-light');
  });

  it('renders the alert e-mail legibly: facts, sites hit, plan, and a way to manage alerts', async () => {
    const email = sampleAlertEmail();
    const page = await browser.newPage({ viewport: { width: 720, height: 900 } });
    await page.setContent(email.html);
    await page.getByRole('heading', { name: '2 updates: Strike at Port Klang' }).waitFor();
    for (const fact of ['Sites hit', 'Westport terminal (Critical), Northport (High)', 'Plan'])
      await page.getByText(fact, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Manage these alerts' }).waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'alert-email');
  });
});

const signatureOf = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

const integration = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Integration endpoints' })
    .getByRole('listitem', { name, exact: true });
/** Full-page pictures start at the top, so the sticky header is drawn where it belongs. */
const scrollToTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

describe('integrations', () => {
  it('adds a webhook whose secret shows once, tests it, and logs its deliveries', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, world().data.admin, '/admin/platform-setup');
    const section = page.getByRole('region', { name: 'Integrations', exact: true });
    await section.getByText('No integrations yet.', { exact: false }).waitFor();
    await section
      .getByRole('listitem', { name: 'Email channel' })
      .getByText('SMTP is not configured', { exact: false })
      .waitFor();

    await section.getByRole('button', { name: 'Add integration' }).click();
    const form = page.getByRole('form', { name: 'Add an integration' });
    await form.getByRole('combobox', { name: 'Type' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      'Slack',
      'Microsoft Teams',
      'Webhook',
    ]);
    await page.getByRole('option', { name: 'Webhook' }).click();
    await form.getByLabel('Name').fill('Ops receiver');
    await form.getByLabel('URL').fill('ftp://example.com');
    await form.getByRole('button', { name: 'Add integration' }).click();
    await form.getByText('url must be an http(s) URL').waitFor();
    await form.getByLabel('URL').fill(receiver.url('/hook'));
    await form.getByRole('combobox', { name: 'Minimum severity' }).click();
    await page.getByRole('option', { name: 'Medium and above' }).click();
    await form.getByRole('button', { name: 'Add integration' }).click();
    await toast(page, 'Integration added').waitFor();

    const secret = await page.getByLabel('Signing secret of Ops receiver').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await section.getByText('X-Meridian-Signature').waitFor();
    const row = integration(page, 'Ops receiver');
    await row.getByText('Webhook', { exact: true }).waitFor();
    await row.getByText('Not used yet').waitFor();
    expect(
      await row.getByRole('combobox', { name: 'Minimum severity of Ops receiver' }).innerText(),
    ).toBe('Medium and above');
    // No minimum priority unless chosen: every incident's alerts pass.
    expect(
      await row.getByRole('combobox', { name: 'Minimum priority of Ops receiver' }).innerText(),
    ).toBe('Any priority');
    expect(await row.getByText(receiver.url('/hook')).count()).toBe(0);

    await row.getByRole('button', { name: 'Send test: Ops receiver' }).click();
    await toast(page, 'Test message delivered').waitFor();
    await row.getByText('Healthy').waitFor();
    const [test] = receiver.received('/hook');
    expect(test?.headers['x-meridian-signature']).toBe(
      signatureOf(secret, String(test?.headers['x-meridian-timestamp']), test?.body ?? ''),
    );

    // A failing receiver: the test says why, and an alert's failed delivery is sent again.
    receiver.answer('/hook', 500);
    await row.getByRole('button', { name: 'Send test: Ops receiver' }).click();
    await toast(page, 'Test message failed: HTTP 500').waitFor();
    await row.getByText('HTTP 500', { exact: false }).waitFor();
    // Every change reaches the webhook: recorded, and assigned.
    await recordIncident('Cyber attack on the terminal system');
    await expect.poll(() => receiver.received('/hook').length, { timeout: 10_000 }).toBe(4);

    await row.getByRole('button', { name: 'Deliveries: Ops receiver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deliveries: Ops receiver' });
    const deliveries = dialog.getByRole('row');
    const tests = deliveries.filter({ hasText: 'Test message from Meridian' });
    await expect
      .poll(() => tests.allInnerTexts())
      .toEqual([
        expect.stringMatching(/Gave up\s+1\s+500/),
        expect.stringMatching(/Delivered\s+1\s+200/),
      ]);
    const alert = deliveries.filter({
      hasText: 'New incident: Cyber attack on the terminal system',
    });
    await alert.getByText('Failed, retrying').waitFor();
    await alert.getByText('HTTP 500', { exact: false }).waitFor();
    receiver.answer('/hook', 200);
    await alert.getByRole('button', { name: /^Redeliver/ }).click();
    await toast(page, 'Delivery queued again').waitFor();
    await alert.getByText('Delivered').waitFor({ timeout: 15_000 });
    expect(receiver.received('/hook').at(-1)?.body).toContain(
      'Cyber attack on the terminal system',
    );
    await waitForStillPage(page);
    await expectAccessible(page, '[role="dialog"]');
    await saveScreenshot(page, 'integrations-deliveries-dark', 'viewport');
    await page.keyboard.press('Escape');

    await scrollToTop(page);
    await waitForStillPage(page);
    await expectAccessible(page);
    await saveScreenshot(page, 'integrations-dark');

    // Shown once: a fresh visit lists the webhook without its secret.
    await page.reload();
    await row.waitFor();
    expect(await page.getByLabel('Signing secret of Ops receiver').count()).toBe(0);
  });

  it('is pictured in the light theme, sets the defaults, removes, and is for admins only', async () => {
    const page = await browser.newPage({
      baseURL: world().baseUrl,
      bypassCSP: true,
      colorScheme: 'light',
    });
    await startSignedIn(page, world().data.admin, '/admin/platform-setup', { theme: 'light' });
    const row = integration(page, 'Ops receiver');
    await row.getByText('Healthy').waitFor();
    await scrollToTop(page);
    await waitForStillPage(page);
    await expectAccessible(page);
    await saveScreenshot(page, 'integrations-light');
    await page.setViewportSize({ width: 390, height: 844 });
    await row.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'integrations-phone', 'viewport');
    await page.setViewportSize({ width: 1280, height: 800 });

    const defaults = page.getByRole('region', { name: 'Notification defaults' });
    await defaults.getByRole('switch', { name: 'Email', exact: true }).click();
    await defaults.getByRole('combobox', { name: 'Event severity' }).click();
    await page.getByRole('option', { name: 'Severity 2' }).click();
    await defaults.getByRole('button', { name: 'Save defaults' }).click();
    await toast(page, 'Notification defaults saved').waitFor();
    await page.reload();
    await defaults.getByRole('button', { name: 'Save defaults' }).waitFor();
    expect(
      await defaults
        .getByRole('switch', { name: 'Email', exact: true })
        .getAttribute('aria-checked'),
    ).toBe('false');
    expect(await defaults.getByRole('combobox', { name: 'Event severity' }).innerText()).toBe(
      'Severity 2',
    );

    await row.getByRole('switch', { name: 'Alerts to Ops receiver' }).click();
    await toast(page, 'Alerts to Ops receiver paused').waitFor();
    await row.getByRole('button', { name: 'Remove Ops receiver' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Ops receiver removed').waitFor();
    await page
      .getByRole('region', { name: 'Integrations', exact: true })
      .getByText('No integrations yet.', { exact: false })
      .waitFor();

    const viewer = await browser.newPage({ baseURL: world().baseUrl });
    await startSignedIn(viewer, world().data.member, '/admin/platform-setup');
    await viewer.getByRole('heading', { name: 'Features' }).waitFor();
    expect(await viewer.getByRole('region', { name: 'Integrations', exact: true }).count()).toBe(0);
    expect(await viewer.getByRole('region', { name: 'Notification defaults' }).count()).toBe(0);
    expect(currentPath(viewer)).toBe('/admin/platform-setup');
  });

  it('adds Slack as an app, whose token is kept out of sight, and tests it', async () => {
    const botToken = 'xoxb-4242424242-1717171717-e2eTokenWXYZ';
    const slack = await startSlackApi({ token: botToken, channels: ['C0E2ERISK1'] });
    try {
      const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
      await startSignedIn(page, world().data.admin, '/admin/platform-setup');
      const section = page.getByRole('region', { name: 'Integrations', exact: true });
      await section.getByRole('button', { name: 'Add integration' }).click();
      const form = page.getByRole('form', { name: 'Add an integration' });
      await form.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Slack' }).click();
      await form.getByLabel('Name').fill('Risk room');
      await form.getByRole('switch', { name: /Post as a Slack app/ }).click();
      expect(await form.getByLabel('URL').inputValue()).toBe(
        'https://slack.com/api/chat.postMessage',
      );
      await form.getByLabel('Bot token').fill('not-a-token');
      await form.getByLabel('Channel ID').fill('#risk');
      await form.getByRole('button', { name: 'Add integration' }).click();
      await form.getByText('botToken must be a Slack bot token (xoxb-…)').waitFor();
      await form.getByText('channel must be a Slack channel ID (C0123ABCDE)').waitFor();
      await form.getByLabel('Bot token').fill(botToken);
      await form.getByLabel('Channel ID').fill('C0E2ERISK1');
      // The stand-in for Slack's API, as the server reaches it.
      await form.getByLabel('URL').fill(slack.postMessageUrl);
      await waitForStillPage(page);
      await expectAccessible(page);
      await saveScreenshot(page, 'integrations-slack-app-form', 'viewport');
      await form.getByRole('button', { name: 'Add integration' }).click();
      await toast(page, 'Integration added').waitFor();

      const row = integration(page, 'Risk room');
      await row.getByText('Slack app in C0E2ERISK1 · token …WXYZ', { exact: false }).waitFor();
      await row.getByRole('button', { name: 'Send test: Risk room' }).click();
      await toast(page, 'Test message delivered').waitFor();
      expect(slack.posted.map((message) => message.body.channel)).toEqual(['C0E2ERISK1']);
      expect(await page.content()).not.toContain(botToken);
      await page.reload();
      await row.getByText('Healthy').waitFor();
      expect(await page.content()).not.toContain(botToken);
      await scrollToTop(page);
      await waitForStillPage(page);
      await saveScreenshot(page, 'integrations-slack-app-dark');
    } finally {
      await slack.close();
    }
  });
});
