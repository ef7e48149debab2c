import { useActiveOrganizationId } from './active-organization';
import { useAuth } from './auth';
import { administersOrganization } from './auth-access';
import { usePublicConfig } from './public-config';

/** Whether the signed-in user may change the active organization's settings. */
export function useAdministersOrganization(): boolean {
  const { user } = useAuth();
  const activeOrganizationId = useActiveOrganizationId();
  const internalDomain = usePublicConfig().data?.internalDomain;
  return user !== null && administersOrganization(user, internalDomain, activeOrganizationId);
}
