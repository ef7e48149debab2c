import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import {
  checkInThemes,
  currentPath,
  openUserMenu,
  readStorage,
  startSignedIn,
  STORAGE_KEYS,
  useBrowser,
  writeStorage,
} from './support/browser';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

/** Sessions that end when revoked, from the profile and from the team member page. */
const world = useSeededServer(async (server) => {
  const acme = await server.createOrganization('Acme Logistics');
  await server.createUser({
    organizationId: acme.id,
    email: 'ada.admin@acme.example',
    adminRole: 'ADMIN',
  });
  const members: Record<string, string> = {};
  for (const name of ['tabs', 'handoff', 'revoked', 'pictured']) {
    const user = await server.createUser({
      organizationId: acme.id,
      email: `${name}@acme.example`,
    });
    members[name] = user.id;
  }
  return { members };
});
const browser = useBrowser();

const account = (name: string) => ({ email: `${name}@acme.example`, password: SEEDED_PASSWORD });
const ADMIN = { email: 'ada.admin@acme.example', password: SEEDED_PASSWORD };

/**
 * A tab signed in as `who`, on the profile: what is tested is the session, which every page
 * shares, and the profile is drawn in a fraction of Atlas's time (software WebGL), so two tabs
 * reloading it stay well inside a test's time on a loaded machine. The form itself is tested in
 * sign-in.e2e.ts.
 */
async function signedIn(who: { email: string; password: string }) {
  const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
  await startSignedIn(page, who, PROFILE);
  await profileHeading(page).waitFor();
  return page;
}

const PROFILE = '/admin/profile';
const profileHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'User Profile' });

describe('sessions', () => {
  it('two tabs refreshing at the same moment stay signed in (not mistaken for token reuse)', async () => {
    const first = await signedIn(account('tabs'));
    const second = await first.context().newPage();
    await second.goto(PROFILE);
    await profileHeading(second).waitFor();
    // Both tabs find an expired access token and refresh at once.
    await writeStorage(first, STORAGE_KEYS.accessToken, 'expired-access-token');
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([profileHeading(first).waitFor(), profileHeading(second).waitFor()]);
    // The session survived: another refresh still works, and both tabs stay in.
    await writeStorage(first, STORAGE_KEYS.accessToken, 'expired-again');
    await second.reload();
    await profileHeading(second).waitFor();
    expect(currentPath(first)).toBe(PROFILE);
    expect(await readStorage(first, STORAGE_KEYS.refreshToken)).toBeTruthy();
    await first.context().close();
  });

  it('a tab that has not yet seen another tab refresh takes the pair it handed over', async () => {
    const first = await signedIn(account('handoff'));
    const second = await first.context().newPage();
    const signedInWith = await readStorage(first, STORAGE_KEYS.refreshToken);
    // Chromium copies one tab's local storage writes to the others a little later; the second
    // tab is made to see the old tokens until it writes its own, as it may under load.
    await second.addInitScript(
      ({ stale }: { stale: Record<string, string> }) => {
        const proto = Storage.prototype;
        const local = {
          get: proto.getItem.bind(localStorage),
          set: proto.setItem.bind(localStorage),
        };
        const session = {
          get: proto.getItem.bind(sessionStorage),
          set: proto.setItem.bind(sessionStorage),
        };
        const written = new Set<string>();
        proto.getItem = function (this: Storage, key: string) {
          if (this !== localStorage) return session.get(key);
          return key in stale && !written.has(key) ? (stale[key] ?? null) : local.get(key);
        };
        proto.setItem = function (this: Storage, key: string, value: string) {
          if (this !== localStorage) return session.set(key, value);
          written.add(key);
          local.set(key, value);
        };
        const remove = {
          local: proto.removeItem.bind(localStorage),
          session: proto.removeItem.bind(sessionStorage),
        };
        proto.removeItem = function (this: Storage, key: string) {
          if (this !== localStorage) return remove.session(key);
          written.add(key);
          remove.local(key);
        };
      },
      {
        stale: {
          [STORAGE_KEYS.accessToken]: 'expired-access-token',
          [STORAGE_KEYS.refreshToken]: signedInWith ?? '',
        },
      },
    );
    await writeStorage(first, STORAGE_KEYS.accessToken, 'expired-access-token');
    await first.reload();
    await profileHeading(first).waitFor();
    expect(await readStorage(first, STORAGE_KEYS.refreshToken)).not.toBe(signedInWith);

    await second.goto(PROFILE);
    await profileHeading(second).waitFor();
    // Neither tab was taken for a thief: the session goes on in both.
    await first.reload();
    await profileHeading(first).waitFor();
    expect(currentPath(second)).toBe(PROFILE);

    // Signing out leaves no token in the hand-off either.
    const handedOver = () =>
      first.evaluate(
        () =>
          new Promise<boolean>((resolve, reject) => {
            const open = indexedDB.open('meridian-session');
            open.onerror = () => reject(new Error('no IndexedDB'));
            open.onsuccess = () => {
              const read = open.result
                .transaction('token-handoff')
                .objectStore('token-handoff')
                .get('last-rotation');
              read.onsuccess = () => resolve(read.result !== undefined);
            };
          }),
      );
    expect(await handedOver()).toBe(true);
    await openUserMenu(first);
    await first.getByRole('menuitem', { name: 'Logout' }).click();
    await first.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await first.waitForURL('**/login');
    await expect.poll(handedOver).toBe(false);
    await first.context().close();
  });

  it('"Sign out all other sessions" signs another browser out at its next request', async () => {
    const elsewhere = await signedIn(account('revoked'));
    const here = await signedIn(account('revoked'));
    await here.getByRole('button', { name: 'Manage Sessions' }).click();
    const dialog = here.getByRole('dialog', { name: 'Active sessions' });
    const rows = dialog.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    await dialog.getByText('This device').waitFor();
    await dialog.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await dialog.getByText('No active sessions').or(rows.first()).waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    // Its next request, whichever comes first: a background refresh may already have made it.
    await elsewhere.reload();
    await elsewhere.waitForURL('**/login');
    expect(currentPath(here)).toBe(PROFILE);
  });

  it("an admin sees a member's devices in both themes and signs one out", async () => {
    const member = await browser.newPage({ baseURL: world().baseUrl });
    await startSignedIn(member, account('pictured'), '/admin/profile');
    const admin = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(
      admin,
      ADMIN,
      `/admin/team-members/${world().data.members.pictured ?? ''}`,
      {
        theme: 'system',
      },
    );
    const list = admin.getByRole('list', { name: 'Member sessions' });
    await list.getByRole('listitem').first().waitFor();
    await list.getByText('Chrome on Linux').first().waitFor();
    await checkInThemes(admin, 'team-member-sessions');

    await list.getByRole('button', { name: 'Sign out' }).first().click();
    await admin.getByText('Session revoked').first().waitFor();
    // The member's open page may notice on its own (a background refresh); a new page surely does.
    await member.goto('/admin/events');
    await member.waitForURL('**/login');
  });
});
