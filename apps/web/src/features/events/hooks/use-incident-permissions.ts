import { useAuth } from '@/lib/auth';
import { editsIncidents } from '@/lib/auth-access';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { usePublicConfig } from '@/lib/public-config';
import type { Incident } from '@meridian/contracts';

/**
 * What the signed-in user may do with incidents, as the server decides: record them in the
 * active organization, and change a given one (its organization's MANAGERs and ADMINs,
 * platform staff; global incidents platform staff only).
 */
export function useIncidentPermissions() {
  const { user } = useAuth();
  const activeOrganizationId = useActiveOrganizationId();
  const internalDomain = usePublicConfig().data?.internalDomain;
  const organizationId = activeOrganizationId ?? user?.organizationId ?? null;
  return {
    canCreate: user !== null && editsIncidents(user, internalDomain, organizationId),
    canCreateGlobal: user !== null && editsIncidents(user, internalDomain, null),
    canEdit: (incident: Pick<Incident, 'organizationId'>) =>
      user !== null && editsIncidents(user, internalDomain, incident.organizationId),
  };
}
