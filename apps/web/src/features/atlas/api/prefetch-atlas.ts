import { getActiveOrganizationId } from '@/lib/active-organization';
import type { QueryClient } from '@tanstack/react-query';
import { incidentMapQuery } from './get-incident-map';
import { shipmentMapQuery, startShipmentWorker } from './get-shipment-map';

/**
 * What Atlas's map draws, started while the session is checked and the screen's code loads: the
 * organization's incidents and shipments (the router asks for the map's code itself).
 */
export function prefetchAtlas(queryClient: QueryClient): void {
  const organizationId = getActiveOrganizationId();
  void queryClient.prefetchQuery(incidentMapQuery('ORG', organizationId));
  void queryClient.prefetchQuery(shipmentMapQuery('ORG', organizationId, null));
  startShipmentWorker();
}
