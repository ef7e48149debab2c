import { Badge } from '@/components/ui/Badge';
import { Table } from '@/components/ui/Table';
import type { ExposureState, IncidentExposureResponse } from '@meridian/contracts';

type ExposedShipment = IncidentExposureResponse['data']['shipments'][number];

/** How an item came within an incident's reach. */
export const EXPOSURE_VIA_TEXT = {
  LOCATION: 'Located in the area',
  POSITION: 'In the area now',
  ROUTE: 'Route crosses the area',
} as const;

export const formatKm = (value: number) =>
  `${value.toLocaleString('en', { maximumFractionDigits: 1 })} km`;

/** NEW in red (it needs a look), ONGOING in orange, CLEARED in grey. */
export function ExposureStateBadge({ state }: { state: ExposureState }) {
  switch (state) {
    case 'NEW':
      return <Badge tone="red">New</Badge>;
    case 'ONGOING':
      return <Badge tone="orange">Ongoing</Badge>;
    case 'CLEARED':
      return <Badge tone="slate">Cleared</Badge>;
  }
}

/** An incident's exposed shipments: reference, lane and mode, how, distance and state. */
export function ExposedShipmentsTable({
  shipments,
  laneLabel = 'Route',
}: {
  shipments: readonly ExposedShipment[];
  laneLabel?: string;
}) {
  return (
    <Table
      look="ruled"
      columns={['Shipment', laneLabel, 'How', 'Distance', 'State']}
      caption="Exposed shipments"
      scrollLabel="Exposed shipments"
      tableClassName="min-w-[34rem]"
      headClassName="text-xs"
    >
      {shipments.map((item) => (
        <tr key={item.shipment.id} className="border-b border-border last:border-0">
          <th scope="row" className="py-2 pr-3 text-left font-medium">
            {item.shipment.reference}
          </th>
          <td className="py-2 pr-3">
            {item.shipment.origin} → {item.shipment.destination}
            <span className="ml-1 text-xs text-muted-foreground">{item.shipment.mode}</span>
          </td>
          <td className="py-2 pr-3">{EXPOSURE_VIA_TEXT[item.via]}</td>
          <td className="py-2 pr-3 tabular-nums whitespace-nowrap">{formatKm(item.distanceKm)}</td>
          <td className="py-2">
            <ExposureStateBadge state={item.state} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
