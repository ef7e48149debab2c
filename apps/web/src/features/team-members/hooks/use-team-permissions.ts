import { useAuth } from '@/lib/auth';
import { isInternalUser, isPlatformAdmin } from '@/lib/auth-access';
import { usePublicConfig } from '@/lib/public-config';
import { useAdministersOrganization } from '@/lib/use-organization-admin';
import {
  platformRoleChangeProblem,
  userManagementProblem,
  type PlatformRole,
  type User,
} from '@meridian/contracts';
import * as WEB_MESSAGES from '@/config/messages';

/**
 * What the signed-in user may do on the team screens, with the server's own rules: an ADMIN
 * of the organization (or a platform admin) invites and manages users whose platform role is
 * below theirs (owners each other, customer admins their colleagues), never their own account,
 * and only platform admins grant the platform admin roles. Each answer is null when allowed,
 * otherwise the reason to show.
 */
export function useTeamPermissions() {
  const { user } = useAuth();
  const administers = useAdministersOrganization();
  const internalDomain = usePublicConfig().data?.internalDomain;
  const actor = user && { isPlatformAdmin: isPlatformAdmin(user, internalDomain), role: user.role };

  return {
    inviteBlockedReason: administers ? null : WEB_MESSAGES.team.inviteAdminRequired,
    manageBlockedReason: (target: Pick<User, 'id' | 'role' | 'adminRole' | 'email'>) =>
      actor && user
        ? userManagementProblem(
            { ...actor, id: user.id, administersOrganization: administers },
            { ...target, isInternal: isInternalUser(target, internalDomain) },
          )
        : WEB_MESSAGES.team.manageAdminRequired,
    platformRoleBlockedReason: (target: Pick<User, 'role' | 'email'>, role: PlatformRole) =>
      actor
        ? platformRoleChangeProblem(
            actor,
            { role: target.role, isInternal: isInternalUser(target, internalDomain) },
            role,
          )
        : WEB_MESSAGES.team.manageAdminRequired,
  };
}
