import { useActiveOrganizationId } from '@/lib/active-organization';
import { useAuth } from '@/lib/auth';
import { editsIncidents, editsOrganizationData } from '@/lib/auth-access';
import { usePublicConfig } from '@/lib/public-config';
import type { Incident, PlanAction } from '@meridian/contracts';

/**
 * What the signed-in user may do with plans, as the server decides: the organization's
 * MANAGERs and ADMINs create and change plans, actions and templates; anyone else changes only
 * the status and notes of the actions assigned to them.
 */
export function usePlanPermissions() {
  const { user } = useAuth();
  const activeOrganizationId = useActiveOrganizationId();
  const internalDomain = usePublicConfig().data?.internalDomain;
  const organizationId = activeOrganizationId ?? user?.organizationId ?? null;
  const canEdit = user !== null && editsOrganizationData(user, internalDomain, organizationId);
  return {
    userId: user?.id ?? null,
    canEdit,
    /** Status and notes of this action. */
    canWork: (action: Pick<PlanAction, 'assignee'>) =>
      canEdit || (user !== null && action.assignee?.id === user.id),
    /** Resolve the incident (its organization's editors; a global one: platform staff). */
    canEditIncident: (incident: Pick<Incident, 'organizationId'>) =>
      user !== null && editsIncidents(user, internalDomain, incident.organizationId),
  };
}
