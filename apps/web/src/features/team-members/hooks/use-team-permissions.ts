import { TEAM_MESSAGES } from '@/config/messages';
import { useAuth } from '@/lib/auth';
import { useAdministersOrganization } from '@/lib/use-organization-admin';
import type { User } from '@meridian/contracts';

/**
 * What the signed-in user may do on the team screens, mirroring the server: an ADMIN of the
 * organization (or a platform admin) invites and manages users, never their own account.
 * Each answer is null when allowed, otherwise the reason to show.
 */
export function useTeamPermissions() {
  const { user } = useAuth();
  const administers = useAdministersOrganization();

  return {
    inviteBlockedReason: administers ? null : TEAM_MESSAGES.inviteAdminRequired,
    manageBlockedReason: (target: Pick<User, 'id'>): string | null => {
      if (!administers) return TEAM_MESSAGES.manageAdminRequired;
      if (target.id === user?.id) return TEAM_MESSAGES.manageNotYourself;
      return null;
    },
  };
}
