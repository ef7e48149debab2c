import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ShipmentListResponse, type Scope, type Shipment } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const getShipments = async (scope: Scope, signal?: AbortSignal): Promise<Shipment[]> => {
  const reply = await authenticatedRequest(`/atlas/shipments?scope=${scope}`, {
    schema: ShipmentListResponse,
    fallbackMessage: 'Failed to load shipments',
    signal,
  });
  return reply.data;
};

export const shipmentsQuery = (scope: Scope, organizationId: string | null) =>
  queryOptions({
    queryKey: queryKeys.atlas.shipments(organizationId, scope),
    queryFn: ({ signal }) => getShipments(scope, signal),
  });

const NO_SHIPMENTS: readonly Shipment[] = [];

/** The shipments on the map; a failure silently leaves the map without them (spec part 8). */
export function useShipments(scope: Scope): readonly Shipment[] {
  const organizationId = useActiveOrganizationId();
  return useQuery(shipmentsQuery(scope, organizationId)).data ?? NO_SHIPMENTS;
}
