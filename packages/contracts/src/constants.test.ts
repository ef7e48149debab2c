import { describe, expect, it } from 'vitest';
import { PLATFORM_ROLE_MESSAGES, PLATFORM_ROLES, platformRoleChangeProblem } from './constants.js';

const owner = { isPlatformAdmin: true, role: 'OWNER' } as const;
const platformAdmin = { isPlatformAdmin: true, role: 'ADMIN' } as const;
// An organization ADMIN outside the internal domain: never a platform admin, whatever its role.
const customerWithOwnerRole = { isPlatformAdmin: false, role: 'OWNER' } as const;
const customer = { isPlatformAdmin: false, role: 'MEMBER' } as const;

describe('platformRoleChangeProblem', () => {
  it('lets a platform owner make every change', () => {
    for (const from of PLATFORM_ROLES) {
      for (const to of PLATFORM_ROLES)
        expect(platformRoleChangeProblem(owner, from, to)).toBeNull();
    }
  });

  it('keeps the owner role to owners', () => {
    expect(platformRoleChangeProblem(platformAdmin, 'MEMBER', 'OWNER')).toBe(
      PLATFORM_ROLE_MESSAGES.ownerRequired,
    );
    expect(platformRoleChangeProblem(platformAdmin, 'OWNER', 'GUEST')).toBe(
      PLATFORM_ROLE_MESSAGES.ownerRequired,
    );
    expect(platformRoleChangeProblem(customerWithOwnerRole, 'MEMBER', 'OWNER')).toBe(
      PLATFORM_ROLE_MESSAGES.ownerRequired,
    );
    expect(platformRoleChangeProblem(platformAdmin, 'MEMBER', 'ADMIN')).toBeNull();
  });

  it('keeps the admin roles to platform admins', () => {
    expect(platformRoleChangeProblem(customer, 'MEMBER', 'ADMIN')).toBe(
      PLATFORM_ROLE_MESSAGES.platformAdminRequired,
    );
    expect(platformRoleChangeProblem(customer, 'ADMIN', 'MEMBER')).toBe(
      PLATFORM_ROLE_MESSAGES.platformAdminRequired,
    );
    expect(platformRoleChangeProblem(customer, 'MEMBER', 'GUEST')).toBeNull();
    expect(platformRoleChangeProblem(customer, 'GUEST', 'MEMBER')).toBeNull();
  });
});
