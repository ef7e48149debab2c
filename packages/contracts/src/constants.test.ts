import { describe, expect, it } from 'vitest';
import { PLATFORM_ROLES, platformRoleChangeProblem, userManagementProblem } from './constants.js';
import * as API_MESSAGES from './messages/index.js';

const owner = { isPlatformAdmin: true, role: 'OWNER' } as const;
const platformAdmin = { isPlatformAdmin: true, role: 'ADMIN' } as const;
// An organization ADMIN outside the internal domain: never a platform admin, whatever its role.
const customerWithOwnerRole = { isPlatformAdmin: false, role: 'OWNER' } as const;
const customer = { isPlatformAdmin: false, role: 'MEMBER' } as const;
type Role = (typeof PLATFORM_ROLES)[number];
const staff = (role: Role) => ({ role, isInternal: true });
const customerTarget = (role: Role) => ({ role, isInternal: false });

describe('platformRoleChangeProblem', () => {
  it('lets a platform owner make every change', () => {
    for (const from of PLATFORM_ROLES) {
      for (const to of PLATFORM_ROLES)
        expect(platformRoleChangeProblem(owner, staff(from), to)).toBeNull();
    }
  });

  it('keeps the owner role to owners', () => {
    expect(platformRoleChangeProblem(platformAdmin, staff('MEMBER'), 'OWNER')).toBe(
      API_MESSAGES.platformRole.ownerRequired,
    );
    expect(platformRoleChangeProblem(platformAdmin, staff('OWNER'), 'GUEST')).toBe(
      API_MESSAGES.platformRole.ownerRequired,
    );
    expect(platformRoleChangeProblem(customerWithOwnerRole, staff('MEMBER'), 'OWNER')).toBe(
      API_MESSAGES.platformRole.ownerRequired,
    );
    expect(platformRoleChangeProblem(platformAdmin, staff('MEMBER'), 'ADMIN')).toBeNull();
  });

  it('keeps the admin roles to platform admins', () => {
    expect(platformRoleChangeProblem(customer, staff('MEMBER'), 'ADMIN')).toBe(
      API_MESSAGES.platformRole.platformAdminRequired,
    );
    expect(platformRoleChangeProblem(customer, staff('ADMIN'), 'MEMBER')).toBe(
      API_MESSAGES.platformRole.platformAdminRequired,
    );
    expect(platformRoleChangeProblem(customer, staff('MEMBER'), 'GUEST')).toBeNull();
    expect(platformRoleChangeProblem(customer, staff('GUEST'), 'MEMBER')).toBeNull();
  });

  it('gives roles above MEMBER to platform staff only, whoever asks', () => {
    for (const actor of [owner, platformAdmin, customer]) {
      for (const to of ['ADMIN', 'OWNER'] as const)
        expect(platformRoleChangeProblem(actor, customerTarget('MEMBER'), to)).toBe(
          API_MESSAGES.platformRole.staffOnly,
        );
    }
    // A customer holding one from older data is a MEMBER: any admin of theirs may take it away.
    expect(platformRoleChangeProblem(customer, customerTarget('ADMIN'), 'MEMBER')).toBeNull();
    expect(platformRoleChangeProblem(customer, customerTarget('OWNER'), 'GUEST')).toBeNull();
  });
});

describe('userManagementProblem', () => {
  const actor = (role: 'OWNER' | 'ADMIN' | 'MEMBER' | 'GUEST', isPlatformAdmin: boolean) => ({
    id: 'actor',
    role,
    isPlatformAdmin,
    administersOrganization: true,
  });
  const target = (role: Role, isInternal = true) => ({
    id: 'target',
    role,
    adminRole: 'ADMIN' as const,
    isInternal,
  });

  it('lets a role manage only the roles below it, owners each other, and colleagues their peers', () => {
    expect(userManagementProblem(actor('OWNER', true), target('OWNER'))).toBeNull();
    expect(userManagementProblem(actor('ADMIN', true), target('OWNER'))).toBe(
      API_MESSAGES.userRule.outranked,
    );
    expect(userManagementProblem(actor('ADMIN', true), target('ADMIN'))).toBe(
      API_MESSAGES.userRule.outranked,
    );
    expect(userManagementProblem(actor('ADMIN', true), target('MEMBER'))).toBeNull();
    expect(userManagementProblem(actor('MEMBER', false), target('MEMBER'))).toBeNull();
    expect(userManagementProblem(actor('MEMBER', false), target('GUEST'))).toBeNull();
    expect(userManagementProblem(actor('GUEST', false), target('MEMBER'))).toBe(
      API_MESSAGES.userRule.outranked,
    );
  });

  it('gives a customer holding a platform role no platform rank', () => {
    expect(userManagementProblem(actor('OWNER', false), target('ADMIN'))).toBe(
      API_MESSAGES.userRule.outranked,
    );
  });

  it("ranks a customer's platform role as MEMBER, so their own admins still manage them", () => {
    expect(userManagementProblem(actor('MEMBER', false), target('ADMIN', false))).toBeNull();
    expect(userManagementProblem(actor('MEMBER', false), target('OWNER', false))).toBeNull();
    expect(userManagementProblem(actor('MEMBER', false), target('ADMIN'))).toBe(
      API_MESSAGES.userRule.outranked,
    );
  });

  it('refuses non-admins and changes to oneself', () => {
    expect(
      userManagementProblem(
        { ...actor('OWNER', true), administersOrganization: false },
        target('GUEST'),
      ),
    ).toBe(API_MESSAGES.userRule.adminRequired);
    expect(userManagementProblem(actor('OWNER', true), { ...target('OWNER'), id: 'actor' })).toBe(
      API_MESSAGES.userRule.notYourself,
    );
  });
});
