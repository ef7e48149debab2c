import { describe, expect, it } from 'vitest';
import { type Actor, type Permission, mayAccess, requireAccess } from './access.js';

const OWN = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

/** A member of OWN with the role, acting in `acting` (their own organization by default). */
function actor(
  adminRole: Actor['user']['adminRole'],
  options: { platform?: boolean; acting?: string } = {},
): Actor {
  const acting = options.acting ?? OWN;
  return {
    user: { organizationId: OWN, adminRole } as Actor['user'],
    sessionId: 'session',
    organizationId: acting,
    actingAs: acting !== OWN,
    isInternal: options.platform ?? false,
    isPlatformAdmin: options.platform ?? false,
    twoFactorSetupRequired: false,
    signInMethod: 'PASSWORD',
    twoFactorEnabled: false,
  };
}

const viewer = actor('VIEWER');
const manager = actor('MANAGER');
const admin = actor('ADMIN');
const platform = actor('VIEWER', { platform: true, acting: OTHER });

describe('requireAccess', () => {
  const cases: [Permission, Actor, boolean][] = [
    ['platform.administer', admin, false],
    ['platform.administer', platform, true],
    ['organization.administer', viewer, false],
    ['organization.administer', manager, false],
    ['organization.administer', admin, true],
    ['organization.administer', platform, true],
    ['organization.editData', viewer, false],
    ['organization.editData', manager, true],
    ['organization.editData', admin, true],
    ['organization.editData', platform, true],
  ];

  it.each(cases)('%s for a %o is %s', (permission, who, allowed) => {
    expect(mayAccess(who, permission)).toBe(allowed);
  });

  it("answers 403 with the screen's reason when refused, and nothing when allowed", () => {
    expect(() => requireAccess(viewer, 'organization.editData', 'Editors only')).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', message: 'Editors only' }),
    );
    expect(() => requireAccess(manager, 'organization.editData', 'Editors only')).not.toThrow();
  });

  it("holds an organization's editing to its own members, whatever they act as", () => {
    const target = { organizationId: OTHER };
    expect(mayAccess(manager, 'organization.editData', target)).toBe(false);
    expect(mayAccess(admin, 'organization.editData', { organizationId: OWN })).toBe(true);
    expect(mayAccess(platform, 'organization.editData', target)).toBe(true);
    // An admin whose active organization is not their own administers nothing there.
    expect(mayAccess(actor('ADMIN', { acting: OTHER }), 'organization.administer')).toBe(false);
  });
});
