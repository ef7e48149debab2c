import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError, authenticatedRequest } from '@/lib/api-client';
import { lazyReader } from '@/lib/lazy-schema';
import { queryKeys } from '@/lib/query-keys';
import type { ReadShipment } from '@/lib/readers';
import type { Scope } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

const FAILED = 'Failed to load the shipment';

/** A hovered shipment's title: the spec's "Shipment {id}", then its reference and route if known. */
export const shipmentTitle = ({ id, reference, origin, destination }: ReadShipment): string =>
  [
    `Shipment ${id}`,
    reference,
    origin !== undefined && destination !== undefined ? `${origin} → ${destination}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');

/** One shipment of a map body, by the body's tag and its ordinal there; 409 once the tag is old. */
export async function getShipmentMapDetails(
  scope: Scope,
  tag: string,
  ordinal: number,
  signal?: AbortSignal,
): Promise<ReadShipment> {
  const query = new URLSearchParams({ scope, tag, ordinal: String(ordinal) });
  const reply = await authenticatedRequest(`/atlas/shipments/map/details?${query.toString()}`, {
    schema: lazyReader('ShipmentDetailsReader'),
    fallbackMessage: FAILED,
    signal,
  });
  return reply.data;
}

/**
 * The map's hover titles, loaded one shipment at a time as the pointer finds them and kept for
 * the tag (a tag names one version of the shipments, so its answers never change). A stale tag
 * refetches the map, whose next body carries the current one.
 */
export function useDescribeShipment(scope: Scope, tag: string) {
  const client = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useCallback(
    async (ordinal: number) => {
      try {
        const shipment = await client.fetchQuery({
          queryKey: queryKeys.atlas.shipmentMapDetails(organizationId, tag, ordinal),
          queryFn: ({ signal }) => getShipmentMapDetails(scope, tag, ordinal, signal),
          staleTime: Infinity,
        });
        return shipmentTitle(shipment);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'STALE')
          void client.invalidateQueries({ queryKey: queryKeys.atlas.shipmentMaps(organizationId) });
        throw error;
      }
    },
    [client, organizationId, scope, tag],
  );
}
