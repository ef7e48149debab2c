import { useActiveOrganizationId } from '@/lib/active-organization';
import { useAuth } from '@/lib/auth';
import { editsOrganizationData } from '@/lib/auth-access';
import { usePublicConfig } from '@/lib/public-config';
import type { Memo } from '@meridian/contracts';

/**
 * What the signed-in user may do on Insights, as the server decides: everyone in the
 * organization writes memos and asks for analyses; its MANAGERs and ADMINs create reports and
 * plans and change or remove anyone's memo, everyone else only their own memos.
 */
export function useInsightsPermissions() {
  const { user } = useAuth();
  const activeOrganizationId = useActiveOrganizationId();
  const internalDomain = usePublicConfig().data?.internalDomain;
  const organizationId = activeOrganizationId ?? user?.organizationId ?? null;
  const isEditor = user !== null && editsOrganizationData(user, internalDomain, organizationId);
  return {
    canCreateReport: isEditor,
    canCreatePlan: isEditor,
    canChangeMemo: (memo: Pick<Memo, 'author'>) =>
      isEditor || (user !== null && memo.author?.id === user.id),
  };
}
