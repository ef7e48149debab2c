import { useAuth } from '@/lib/auth';
import { isPlatformAdmin } from '@/lib/auth-access';
import { usePublicConfig } from '@/lib/public-config';

/** Organization management and account requests are for platform admins (the server checks too). */
export function usePlatformAdmin(): boolean {
  const { user } = useAuth();
  return isPlatformAdmin(user, usePublicConfig().data?.internalDomain);
}
