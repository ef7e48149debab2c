import { loadMapView } from '@/components/map/load-map-view';
import { getActiveOrganizationId } from '@/lib/active-organization';
import type { QueryClient } from '@tanstack/react-query';
import { incidentMapQuery } from './get-incident-map';
import { shipmentMapQuery } from './get-shipment-map';

/**
 * What Atlas's first view needs besides its incidents, started while the session is checked and
 * the screen's code loads: the map's code and the organization's incidents and shipments.
 */
export function prefetchAtlas(queryClient: QueryClient): void {
  // A failure here is retried, and shown, by the map itself.
  loadMapView().catch(() => undefined);
  const organizationId = getActiveOrganizationId();
  void queryClient.prefetchQuery(incidentMapQuery('ORG', organizationId));
  void queryClient.prefetchQuery(shipmentMapQuery('ORG', organizationId, null));
}
