import { describe, expect, it } from 'vitest';
import {
  PLATFORM_ROLE_MESSAGES,
  PLATFORM_ROLES,
  USER_RULE_MESSAGES,
  platformRoleChangeProblem,
  userManagementProblem,
} from './constants.js';

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

describe('userManagementProblem', () => {
  const actor = (role: 'OWNER' | 'ADMIN' | 'MEMBER' | 'GUEST', isPlatformAdmin: boolean) => ({
    id: 'actor',
    role,
    isPlatformAdmin,
    administersOrganization: true,
  });
  const target = (role: 'OWNER' | 'ADMIN' | 'MEMBER' | 'GUEST') => ({
    id: 'target',
    role,
    adminRole: 'ADMIN' as const,
  });

  it('lets a role manage only the roles below it, owners each other, and colleagues their peers', () => {
    expect(userManagementProblem(actor('OWNER', true), target('OWNER'))).toBeNull();
    expect(userManagementProblem(actor('ADMIN', true), target('OWNER'))).toBe(
      USER_RULE_MESSAGES.outranked,
    );
    expect(userManagementProblem(actor('ADMIN', true), target('ADMIN'))).toBe(
      USER_RULE_MESSAGES.outranked,
    );
    expect(userManagementProblem(actor('ADMIN', true), target('MEMBER'))).toBeNull();
    expect(userManagementProblem(actor('MEMBER', false), target('MEMBER'))).toBeNull();
    expect(userManagementProblem(actor('MEMBER', false), target('GUEST'))).toBeNull();
    expect(userManagementProblem(actor('GUEST', false), target('MEMBER'))).toBe(
      USER_RULE_MESSAGES.outranked,
    );
  });

  it('gives a customer holding a platform role no platform rank', () => {
    expect(userManagementProblem(actor('OWNER', false), target('ADMIN'))).toBe(
      USER_RULE_MESSAGES.outranked,
    );
  });

  it('refuses non-admins and changes to oneself', () => {
    expect(
      userManagementProblem(
        { ...actor('OWNER', true), administersOrganization: false },
        target('GUEST'),
      ),
    ).toBe(USER_RULE_MESSAGES.adminRequired);
    expect(userManagementProblem(actor('OWNER', true), { ...target('OWNER'), id: 'actor' })).toBe(
      USER_RULE_MESSAGES.notYourself,
    );
  });
});
