import { Badge } from '@/components/ui/Badge';
import { Table } from '@/components/ui/Table';
import { formatShortSpan, formatShortTime } from '@/utils/format';
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

/**
 * When the incident reached it: "Since 26 Nov, 19:07" while in reach, "26 Nov, 19:07 – 27 Nov,
 * 08:00" (or "– 21:30" the same day) from its first exposure to its clearing once it is not.
 */
export function ExposedSpan({
  item,
}: {
  item: { firstExposedAt: string; clearedAt: string | null };
}) {
  return item.clearedAt === null ? (
    <>Since {formatShortTime(item.firstExposedAt)}</>
  ) : (
    <>{formatShortSpan(item.firstExposedAt, item.clearedAt)}</>
  );
}

const plural = (count: number, noun: string) =>
  `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;

/**
 * What the incident reached while active, beside what it reaches now: in all, and the most at
 * once. Nothing when it never reached anything.
 */
export function ExposureHistory({
  counts,
}: {
  counts: {
    inAll: { sites: number; shipments: number };
    atOnce: { sites: number; shipments: number };
  };
}) {
  const { inAll, atOnce } = counts;
  if (inAll.sites + inAll.shipments === 0) return null;
  return (
    <p className="text-sm text-muted-foreground">
      While active: {plural(inAll.sites, 'site')} and {plural(inAll.shipments, 'shipment')} in all,
      at most {atOnce.sites.toLocaleString('en')} and {atOnce.shipments.toLocaleString('en')} at
      once.
    </p>
  );
}

/** An incident's exposed shipments: reference, lane and mode, how, distance, when and state. */
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
      columns={['Shipment', laneLabel, 'How', 'Distance', 'Exposed', 'State']}
      caption="Exposed shipments"
      scrollLabel="Exposed shipments"
      tableClassName="min-w-[42rem]"
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
          <td className="py-2 pr-3 text-xs whitespace-nowrap text-muted-foreground">
            <ExposedSpan item={item} />
          </td>
          <td className="py-2">
            <ExposureStateBadge state={item.state} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
