import type { AdminRole } from '@meridian/contracts';
import type { TestServer } from './test-server.js';

/**
 * Creates each member in its organization and signs it in: the access token of each, by the
 * name the test gives it (`{ manager: […], outsider: […] }` → `{ manager: 'ey…', … }`).
 */
export async function signedInMembers<Name extends string>(
  server: TestServer,
  members: Record<Name, { organizationId: string; email: string; adminRole: AdminRole }>,
): Promise<Record<Name, string>> {
  const tokens = {} as Record<Name, string>;
  for (const [name, member] of Object.entries(members) as [Name, (typeof members)[Name]][]) {
    await server.createUser(member);
    tokens[name] = (await server.login(member.email)).accessToken;
  }
  return tokens;
}
