import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestApi } from './api';
import {
  ADMIN_ACCOUNT,
  FIXTURES_ENV,
  INTERNAL_DOMAIN,
  TEST_PASSWORD,
  type TestAccount,
  type TestFixtures,
} from './fixtures';
import { startServer } from './server';
import { E2E_WORKERS } from './workers';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENSHOT_DIR = path.join(repoRoot, 'e2e/screenshots');

const account = (
  email: string,
  firstName: string,
  lastName: string,
  adminRole: TestAccount['adminRole'],
): TestAccount => ({ email, password: TEST_PASSWORD, firstName, lastName, adminRole });

async function seed(baseUrl: string): Promise<TestFixtures> {
  const api = new TestApi(baseUrl);
  const { accessToken, user } = await api.login(ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  const customerOrganization = await api.createOrganization(
    accessToken,
    'Acme Logistics',
    'acme-logistics',
  );
  const extraOrganization = await api.createOrganization(
    accessToken,
    'Borealis Freight',
    'borealis-freight',
  );
  const manager = account('dana.fields@acme.example', 'Dana', 'Fields', 'MANAGER');
  const viewer = account('victor.lane@acme.example', 'Victor', 'Lane', 'VIEWER');
  const deactivated = account('former.member@acme.example', 'Former', 'Member', 'VIEWER');
  await api.createMember(accessToken, customerOrganization.id, manager);
  await api.createMember(accessToken, customerOrganization.id, viewer);
  const former = await api.createMember(accessToken, customerOrganization.id, deactivated);
  await api.setAccountStatus(accessToken, customerOrganization.id, former.user.id, 'DEACTIVATED');
  return {
    baseUrl,
    internalDomain: INTERNAL_DOMAIN,
    admin: {
      ...ADMIN_ACCOUNT,
      firstName: user.firstName,
      lastName: user.lastName,
      adminRole: user.adminRole,
    },
    manager,
    viewer,
    deactivated,
    customerOrganization,
    extraOrganization,
  };
}

/**
 * Starts one built server per worker, each on a free port with an empty database, and seeds
 * the same test accounts in each.
 */
export default async function setup() {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  const stopAll = () => Promise.all(servers.map((server) => server.stop())).then(() => undefined);
  try {
    // The workers start after this, with this environment.
    process.env[FIXTURES_ENV] = JSON.stringify(
      await Promise.all(servers.map((server) => seed(server.baseUrl))),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
