import type { MapCamera } from '@/components/map/map-types';
import { MAP_ADDRESS_ZOOM } from '@/config/constants';
import { ADMIN_FALLBACK_MESSAGES } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { isInternalUser } from '@/lib/auth-access';
import { organizationAddress } from '@/lib/organization-address';
import { usePublicConfig } from '@/lib/public-config';
import { GeocodeResponse, OrganizationResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/** Zoom 4 for an address without a comma (a bare country or city), else 8 (spec part 2). */
export const addressZoom = (address: string): number =>
  address.includes(',') ? MAP_ADDRESS_ZOOM.withComma : MAP_ADDRESS_ZOOM.withoutComma;

const getOrganization = async (organizationId: string, signal: AbortSignal) =>
  (
    await authenticatedRequest(`/admin/organizations/${encodeURIComponent(organizationId)}`, {
      schema: OrganizationResponse,
      fallbackMessage: ADMIN_FALLBACK_MESSAGES.loadOrganization,
      signal,
    })
  ).data.organization;

const geocode = async (address: string, signal: AbortSignal) =>
  (
    await authenticatedRequest(`/geocode?address=${encodeURIComponent(address)}`, {
      schema: GeocodeResponse,
      fallbackMessage: 'Address not found',
      signal,
    })
  ).data;

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
 * when its input exists; a blank address or any failure leaves the map where it is.
 */
export function useOrganizationCamera(): MapCamera | null {
  const organizationId = useMapOrganizationId();
  const organization = useQuery({
    queryKey: ['atlas', 'organization', organizationId],
    queryFn: ({ signal }) => getOrganization(organizationId ?? '', signal),
    enabled: Boolean(organizationId),
  });
  const address = organization.data ? organizationAddress(organization.data) : '';
  const point = useQuery({
    queryKey: ['geocode', address],
    queryFn: ({ signal }) => geocode(address, signal),
    enabled: address !== '',
    staleTime: Infinity,
  });
  const found = point.data;
  return useMemo(() => (found ? { ...found, zoom: addressZoom(address) } : null), [found, address]);
}
