import { useActiveOrganizationId } from '@/lib/active-organization';
import { useAuth } from '@/lib/auth';
import { editsOrganizationData } from '@/lib/auth-access';
import { usePublicConfig } from '@/lib/public-config';

/** Whether the user may change the active organization's sites and shipments, as the server decides. */
export function useEditsSuppliers(): boolean {
  const { user } = useAuth();
  const activeOrganizationId = useActiveOrganizationId();
  const internalDomain = usePublicConfig().data?.internalDomain;
  const organizationId = activeOrganizationId ?? user?.organizationId ?? null;
  return user !== null && editsOrganizationData(user, internalDomain, organizationId);
}
