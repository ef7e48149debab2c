import type { MapCamera } from '@/components/map/map-types';
import { MAP_ADDRESS_ZOOM } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { useAuth } from '@/lib/auth';
import { isInternalUser } from '@/lib/auth-access';
import { organizationAddress } from '@/entities/organization/organization-address';
import { useOrganization } from '@/entities/organization/organization-api';
import { usePublicConfig } from '@/lib/public-config';
import { geocodeQuery } from '@/entities/place/places-api';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/** Zoom 4 for an address without a comma (a bare country or city), else 8 (spec part 2). */
export const addressZoom = (address: string): number =>
  address.includes(',') ? MAP_ADDRESS_ZOOM.withComma : MAP_ADDRESS_ZOOM.withoutComma;

/** The organization the screens act for: the picked one for internal users, else the user's own. */
function useMapOrganizationId(): string | null {
  const { user } = useAuth();
  const activeId = useActiveOrganizationId();
  const config = usePublicConfig();
  if (!user) return null;
  return isInternalUser(user, config.data?.internalDomain) && activeId
    ? activeId
    : user.organizationId;
}

/**
 * Where Atlas recentres: the geocoded address of the active organization. Each lookup runs only
 * when its input exists; a blank address or any failure leaves the map where it is. The
 * organization is the same query the organization screens read and update, so an edited
 * address recentres the map the next time Atlas opens.
 */
export function useOrganizationCamera(): MapCamera | null {
  const organization = useOrganization(useMapOrganizationId());
  const address = organization.data ? organizationAddress(organization.data) : '';
  const point = useQuery({ ...geocodeQuery(address), enabled: address !== '' });
  const found = point.data;
  return useMemo(() => (found ? { ...found, zoom: addressZoom(address) } : null), [found, address]);
}
