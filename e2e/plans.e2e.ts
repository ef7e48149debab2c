import type { Locator, Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { incidents } from '../apps/server/src/db/schema';
import {
  expectAccessible,
  saveScreenshot,
  useBrowser,
  waitForStillPage,
  startSignedIn,
} from './support/browser';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** Response plans worked by a manager and by the viewer an action is assigned to. */
const world = useSeededServer(async (server) => {
  const org = await server.createOrganization('Tidewater Freight');
  const manager = await server.createUser({
    organizationId: org.id,
    email: 'paula.manager@tidewater.example',
    adminRole: 'MANAGER',
  });
  await server.createUser({
    organizationId: org.id,
    email: 'victor.viewer@tidewater.example',
    adminRole: 'VIEWER',
  });
  const [strike] = await server.database.db
    .insert(incidents)
    .values([
      {
        organizationId: org.id,
        title: 'Dock strike in Antwerp',
        description: 'Dockers walk out at the container terminals for 48 hours.',
        severity: 'HIGH',
        type: 'STRIKE',
        lat: 51.26,
        lng: 4.4,
        countryCode: 'BE',
        createdBy: manager.id,
        updatedAt: new Date('2026-06-02T08:00:00Z'),
      },
      {
        organizationId: org.id,
        title: 'Heatwave slows rail freight',
        description: 'Speed limits on the Rhine corridor.',
        severity: 'MEDIUM',
        type: 'WEATHER',
        createdBy: manager.id,
        updatedAt: new Date('2026-06-01T08:00:00Z'),
      },
    ])
    .returning({ id: incidents.id });
  if (!strike) throw new Error('incident not inserted');
  return {
    strikeId: strike.id,
    manager: { email: 'paula.manager@tidewater.example', password: SEEDED_PASSWORD },
    viewer: { email: 'victor.viewer@tidewater.example', password: SEEDED_PASSWORD },
  };
});
const browser = useBrowser();

const MANAGER_NAME = 'paula.manager User';
const VIEWER_NAME = 'victor.viewer User';
const ACTION = {
  confirm: 'Confirm the disruption with carriers and the port authority',
  list: 'List shipments at, bound for or routed through the port',
  carriers: 'Ask carriers for revised ETAs and alternative ports',
} as const;

async function openPlans(
  account: { email: string; password: string },
  theme: 'light' | 'dark' = 'dark',
) {
  const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
  await startSignedIn(page, account, '/admin/plans', { theme });
  await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
  return page;
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const planCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const actionRow = (scope: Page | Locator, title: string) =>
  scope.getByRole('listitem', { name: title, exact: true });
/** A datetime-local value (the browser's local time) of an instant. */
const localInput = (page: Page, iso: string) =>
  page.evaluate((value) => {
    const time = new Date(value);
    return new Date(time.getTime() - time.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, iso);

describe('response plans', () => {
  it('a manager creates a plan from a template, assigns, completes an action and is told what keeps the plan open', async () => {
    const page = await openPlans(world().data.manager);
    const events = page.getByRole('list', { name: 'Events' });
    expect(
      await events.getByRole('button', { name: /Dock strike/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByText('No plans for this event yet.').waitFor();

    await page.getByRole('button', { name: '+ Create Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a response plan' });
    // The strike's type suggests the port disruption template, its name and the manager as owner.
    await dialog
      .getByRole('combobox', { name: 'Template' })
      .filter({ hasText: 'Port disruption (fits Strike / labour)' })
      .waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Port disruption');
    await dialog
      .getByRole('combobox', { name: 'Owner' })
      .filter({ hasText: MANAGER_NAME })
      .waitFor();
    await dialog.getByText('6 actions, due within 72 hours of the start.').waitFor();
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await toast(page, 'Plan “Port disruption” created').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const card = planCard(page, 'Port disruption');
    await card.getByText('Active', { exact: true }).waitFor();
    const checklist = card.getByRole('list', { name: 'Actions of Port disruption' });
    const rows = checklist.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(6);
    // Due dates are the start plus each step's offset: 2 h for the first, 72 h for the last.
    const dues = await checklist
      .getByLabel(/^Due date of /)
      .evaluateAll((inputs) =>
        inputs.map((input) => Date.parse((input as HTMLInputElement).value)),
      );
    expect(dues).toHaveLength(6);
    const [first, last] = [dues[0] ?? 0, dues.at(-1) ?? 0];
    expect(last - first).toBe(70 * 3_600_000);
    expect(new URL(page.url()).searchParams.get('plan')).toMatch(/^[0-9a-f-]{36}$/);

    // Assign a step to the viewer.
    await card.getByRole('combobox', { name: `Assignee of ${ACTION.list}` }).click();
    await page.getByRole('option', { name: VIEWER_NAME }).click();
    await card
      .getByRole('combobox', { name: `Assignee of ${ACTION.list}` })
      .filter({ hasText: VIEWER_NAME })
      .waitFor();

    // Tick the first step: who and when show, progress moves.
    // The box follows the saved state (after the server answers): click, then wait for it.
    await card.getByRole('checkbox', { name: `Done: ${ACTION.confirm}` }).click();
    await actionRow(card, ACTION.confirm).getByText(`Done by ${MANAGER_NAME} on`).waitFor();
    await card.getByText('1 of 6 actions done').waitFor();
    expect(
      await card.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow'),
    ).toBe('17');

    // A step due yesterday is overdue.
    const due = card.getByLabel(`Due date of ${ACTION.carriers}`);
    await due.fill(await localInput(page, new Date(Date.now() - 86_400_000).toISOString()));
    await due.press('Enter');
    await actionRow(card, ACTION.carriers).getByText('Overdue', { exact: true }).waitFor();

    // Four required steps are open (one is optional, one is done): the plan cannot complete.
    await card.getByRole('button', { name: 'Complete', exact: true }).click();
    await toast(page, API_MESSAGES.plan.requiredOpen(4)).waitFor();
    await card.getByText('Active', { exact: true }).waitFor();

    await waitForStillPage(page);
    await saveScreenshot(page, 'plans-dark');
    await expectAccessible(page);

    // The incident's timeline tells the plan's story.
    await page.goto(`/admin/events/${world().data.strikeId}`);
    await page
      .getByRole('list', { name: 'Timeline' })
      .getByText('updated a response plan')
      .first()
      .waitFor();
  });

  it('the viewer works their own action from "My actions" and cannot change anything else', async () => {
    const page = await openPlans(world().data.viewer, 'light');
    const create = page.getByRole('button', { name: '+ Create Plan' });
    expect(await create.getAttribute('aria-disabled')).toBe('true');
    expect(await create.getAttribute('title')).toBe('Only managers and admins can create plans');
    expect(await page.getByRole('button', { name: 'Templates' }).count()).toBe(0);

    const card = planCard(page, 'Port disruption');
    await card.getByRole('list', { name: 'Actions of Port disruption' }).waitFor();
    for (const name of ['Complete', 'Cancel plan', 'Add action']) {
      expect(await card.getByRole('button', { name, exact: true }).count()).toBe(0);
    }
    expect(await card.getByRole('combobox', { name: /^(Assignee|Owner) of/ }).count()).toBe(0);
    expect(await card.getByLabel(/^Due date of/).count()).toBe(0);
    expect(
      await card.getByRole('checkbox', { name: `Done: ${ACTION.carriers}` }).isDisabled(),
    ).toBe(true);
    expect(await card.getByRole('combobox', { name: `Status of ${ACTION.carriers}` }).count()).toBe(
      0,
    );

    await page.getByRole('radiogroup', { name: 'Plans view' }).getByText('My actions').click();
    const mine = page.getByRole('list', { name: 'My actions in Port disruption' });
    await mine.waitFor();
    expect(await mine.getByRole('listitem').count()).toBe(1);
    const row = actionRow(mine, ACTION.list);
    await row.getByRole('button', { name: `Add notes on ${ACTION.list}` }).click();
    await row.getByLabel(`Notes on ${ACTION.list}`).fill('Twelve containers on the Maersk Elba.');
    await row.getByRole('button', { name: 'Save notes' }).click();
    await row.getByRole('button', { name: `Notes on ${ACTION.list}` }).waitFor();
    await row.getByRole('checkbox', { name: `Done: ${ACTION.list}` }).click();
    await row.getByText(`Done by ${VIEWER_NAME} on`).waitFor();

    await waitForStillPage(page);
    await saveScreenshot(page, 'plans-my-actions-light');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Open plan' }).click();
    await planCard(page, 'Port disruption').getByText('2 of 6 actions done').waitFor();
    await waitForStillPage(page);
    await saveScreenshot(page, 'plans-light');
  });

  it('a change made from a stale copy is refused, said, and the plan reloads', async () => {
    const { server, data } = world();
    const page = await openPlans(data.manager);
    const card = planCard(page, 'Port disruption');
    await card.getByRole('list', { name: 'Actions of Port disruption' }).waitFor();

    // A colleague renames the plan meanwhile.
    const { accessToken } = await server.login(data.manager.email);
    const listed = await server.request<{ data: { plans: { id: string; updatedAt: string }[] } }>(
      'GET',
      `/api/plans?incidentId=${data.strikeId}`,
      { token: accessToken },
    );
    const [plan] = listed.body.data.plans;
    if (!plan) throw new Error('no plan');
    const renamed = await server.request('PATCH', `/api/plans/${plan.id}`, {
      token: accessToken,
      body: { updatedAt: plan.updatedAt, name: 'Antwerp strike response' },
    });
    expect(renamed.status).toBe(200);

    await card.getByRole('combobox', { name: 'Owner of Port disruption' }).click();
    await page.getByRole('option', { name: 'Nobody' }).click();
    await toast(page, API_MESSAGES.plan.stale).waitFor();
    await planCard(page, 'Antwerp strike response').waitFor();
  });

  it('a manager adds a template, and it is offered for new plans', async () => {
    const page = await openPlans(world().data.manager);
    await page.getByRole('button', { name: 'Templates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Plan templates' });
    const templates = dialog.getByRole('navigation', { name: 'Templates' });
    for (const name of ['Port disruption', 'Supplier failure', 'Natural hazard']) {
      await templates.getByRole('button', { name: new RegExp(`^${name}`) }).waitFor();
    }
    await dialog.getByRole('button', { name: 'New template' }).click();
    const form = dialog.getByRole('form', { name: 'New template' });
    await form.getByLabel('Name').fill('Heat on the rails');
    await form.getByRole('checkbox', { name: 'Weather' }).check();
    await form.getByLabel('Title of action 1').fill('Check rail slots with the operator');
    await form.getByRole('button', { name: 'Add a step' }).click();
    await form.getByLabel('Title of action 2').fill('Move urgent loads to road');
    await form.getByLabel('Action 2: Due after (hours)').fill('12');
    await form.getByRole('checkbox', { name: 'Required (action 2)' }).uncheck();
    await expectAccessible(page, '[role="dialog"]');
    await form.getByRole('button', { name: 'Save template' }).click();
    await toast(page, 'Template “Heat on the rails” saved').waitFor();
    await templates.getByRole('button', { name: /^Heat on the rails/ }).waitFor();
    await page.keyboard.press('Escape');

    await page
      .getByRole('list', { name: 'Events' })
      .getByRole('button', { name: /Heatwave/ })
      .click();
    await page.getByRole('button', { name: '+ Create Plan' }).click();
    await page
      .getByRole('dialog', { name: 'Create a response plan' })
      .getByRole('combobox', { name: 'Template' })
      .filter({ hasText: 'Heat on the rails (fits Weather)' })
      .waitFor();
  });
});

describe('plans and their incident', () => {
  it('a manager rewords an action, completes the last plan and is offered to resolve the incident', async () => {
    const { server, data } = world();
    const page = await openPlans(data.manager, 'light');
    await page
      .getByRole('list', { name: 'Events' })
      .getByRole('button', { name: /Heatwave/ })
      .click();
    await page.getByText('No plans for this event yet.').waitFor();
    await page.getByRole('button', { name: '+ Create Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a response plan' });
    await dialog
      .getByRole('combobox', { name: 'Template' })
      .filter({ hasText: 'Heat on the rails (fits Weather)' })
      .waitFor();
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = planCard(page, 'Heat on the rails');
    const first = 'Check rail slots with the operator';
    const reworded = 'Book rail slots on the Betuwe route';
    await card.getByRole('button', { name: `Edit ${first}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit action' });
    await edit.getByLabel('Title').fill(reworded);
    await edit.getByLabel('Description').fill('Two slots a day until the speed limits lift.');
    await edit.getByRole('checkbox', { name: /Required/ }).click();
    await expectAccessible(page, '[role="dialog"]');
    await edit.getByRole('button', { name: 'Save action' }).click();
    const row = actionRow(card, reworded);
    await row.getByText('Optional', { exact: true }).waitFor();
    await row.getByText('Two slots a day until the speed limits lift.').waitFor();

    // Both steps are optional now: the plan completes, and it was the incident's only plan.
    await card.getByRole('button', { name: 'Complete', exact: true }).click();
    const offer = page.getByRole('dialog', { name: 'Resolve the incident?' });
    await offer
      .getByText('Every response plan for Heatwave slows rail freight is now complete.')
      .waitFor();
    await waitForStillPage(page);
    await saveScreenshot(page, 'plans-offer-resolve-light');
    await offer.getByRole('button', { name: 'Resolve incident' }).click();
    await toast(page, '“Heatwave slows rail freight” is resolved').waitFor();
    await offer.waitFor({ state: 'detached' });

    const { accessToken } = await server.login(data.manager.email);
    const events = await server.request<{ data: { title: string; status: string }[] }>(
      'GET',
      '/api/atlas/events?scope=ORG',
      { token: accessToken },
    );
    expect(events.body.data.find((event) => event.title.startsWith('Heatwave'))?.status).toBe(
      'RESOLVED',
    );
  });

  it('resolving an incident with an active plan asks whether to complete it', async () => {
    const { data } = world();
    const page = await openPlans(data.manager);
    await page.goto(`/admin/events/${data.strikeId}`);
    const status = (label: string) =>
      page.getByRole('button', {
        name: `Status ${label}: change the status of Dock strike in Antwerp`,
      });
    await status('OPEN').click();
    await page.getByRole('menuitem', { name: 'Start work' }).click();
    await status('IN PROGRESS').click();
    await page.getByRole('menuitem', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve incident' });
    await dialog.getByText('Antwerp strike response').waitFor();
    await dialog.getByText('2 of 6 actions done').waitFor();
    await waitForStillPage(page);
    await saveScreenshot(page, 'event-resolve-with-plan-dark');
    await expectAccessible(page, '[role="dialog"]');

    // Required steps are still open: the plan refuses to complete, and nothing is resolved.
    await dialog.getByRole('button', { name: 'Complete plan and resolve' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'cannot be completed while 3 required actions are open' })
      .waitFor();
    await dialog.getByText('Nothing was resolved.', { exact: false }).waitFor();

    await dialog.getByRole('button', { name: 'Resolve only' }).click();
    await dialog.waitFor({ state: 'detached' });
    await status('RESOLVED').waitFor();
  });
});
