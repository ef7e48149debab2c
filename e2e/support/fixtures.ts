/** Accounts the global setup creates on the fresh database, shared by every browser test. */
export type TestAccount = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  adminRole: 'ADMIN' | 'MANAGER' | 'VIEWER';
};

export type TestFixtures = {
  baseUrl: string;
  internalDomain: string;
  /** The platform owner from ADMIN_EMAIL / ADMIN_PASSWORD: an internal user. */
  admin: TestAccount;
  /** A manager of a customer organization: not internal. */
  manager: TestAccount;
  /** A viewer of the same customer organization. */
  viewer: TestAccount;
  /** A viewer whose account was deactivated after joining. */
  deactivated: TestAccount;
  customerOrganization: { id: string; name: string };
  extraOrganization: { id: string; name: string };
};

/**
 * Where the global setup leaves the shared servers and their accounts for the workers (JSON, one
 * entry per worker): `fixtures()` picks the worker's own.
 */
export const FIXTURES_ENV = 'MERIDIAN_E2E_FIXTURES';

export const TEST_PASSWORD = 'Meridian-e2e-Passw0rd!';
export const INTERNAL_DOMAIN = 'meridian.local';

export const ADMIN_ACCOUNT = {
  email: `admin@${INTERNAL_DOMAIN}`,
  password: TEST_PASSWORD,
} as const;

/**
 * Settings of every server the browser tests start: integrations may post to the receivers
 * the tests run on loopback (and feeds read from them), and an incident's changes fold into a digest for 2 s only.
 */
export const ALERT_TEST_ENV = {
  ALERTS_ALLOW_PRIVATE_URLS: '1',
  FEEDS_ALLOW_PRIVATE_URLS: '1',
  ALERT_DIGEST_SECONDS: '2',
} as const;
