import { Alert } from '@/components/ui/Alert';
import {
  EXPOSURE_VIA_TEXT,
  ExposedShipmentsTable,
  ExposedSpan,
  ExposureHistory,
  ExposureStateBadge,
  formatKm,
} from '@/components/ExposureTables';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SectionSpinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';
import { PriorityExplained } from '@/components/PriorityBadge';
import { SiteValueCell, ValueAtRiskSummary, valueAtRiskLabel } from '@/components/ValueAtRisk';
import { downloadText, toCsv } from '@/lib/csv';
import type { IncidentDetail } from '@meridian/contracts';
import { Download } from 'lucide-react';
import {
  exposureCounts,
  type IncidentExposure,
  useExposure,
} from '@/entities/exposure/incident-exposure';
import * as WEB_MESSAGES from '@/config/messages';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function exportCsv(incident: IncidentDetail, exposure: IncidentExposure) {
  const rows: string[][] = [
    [
      'kind',
      'name or reference',
      'detail',
      'how',
      'distance_km',
      'state',
      'first_exposed',
      'cleared',
    ],
    ...exposure.sites.map((item) => [
      'site',
      item.site.name,
      [item.site.kind, item.site.city, item.site.countryCode].filter(Boolean).join(' '),
      EXPOSURE_VIA_TEXT[item.via],
      String(item.distanceKm),
      item.state,
      item.firstExposedAt,
      item.clearedAt ?? '',
    ]),
    ...exposure.shipments.map((item) => [
      'shipment',
      item.shipment.reference,
      `${item.shipment.origin} → ${item.shipment.destination} (${item.shipment.mode})`,
      EXPOSURE_VIA_TEXT[item.via],
      String(item.distanceKm),
      item.state,
      item.firstExposedAt,
      item.clearedAt ?? '',
    ]),
  ];
  const slug = incident.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40);
  downloadText(`exposure-${slug}.csv`, toCsv(rows));
}

/**
 * What the incident reaches of the organization: its sites in the area and its shipments in
 * it now or on their way through, nearest first, then what it reached while active and no
 * longer does, with a CSV export.
 */
export function ExposurePanel({ incident }: { incident: IncidentDetail }) {
  const exposure = useExposure(incident.id);
  const data = exposure.data;
  const counts = data ? exposureCounts(data) : null;
  const reachable = incident.location !== null || Boolean(incident.area);
  const cleared =
    counts !== null &&
    counts.inAll.sites + counts.inAll.shipments > counts.now.sites + counts.now.shipments;
  return (
    <Card aria-labelledby="exposure-title" className="flex flex-col gap-3 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="exposure-title" className="text-base font-semibold text-foreground">
          Exposure
          {counts ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground">
              {plural(counts.now.sites, 'site')} · {plural(counts.now.shipments, 'shipment')} in
              reach
            </span>
          ) : null}
        </h2>
        {data && data.sites.length + data.shipments.length > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => exportCsv(incident, data)}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </Button>
        ) : null}
      </div>
      {exposure.isPending ? <SectionSpinner label="Loading exposure..." /> : null}
      {exposure.isError ? <Alert tone="error">{exposure.error.message}</Alert> : null}
      {data && data.sites.length + data.shipments.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {reachable ? WEB_MESSAGES.exposure.none : WEB_MESSAGES.exposure.noLocation}
        </p>
      ) : null}
      {counts && cleared ? (
        <>
          {counts.now.sites + counts.now.shipments === 0 ? (
            <p className="text-sm text-muted-foreground">{WEB_MESSAGES.exposure.noneNow}</p>
          ) : null}
          <ExposureHistory counts={counts} />
        </>
      ) : null}
      {data && data.sites.length + data.shipments.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <section aria-label="Priority" className="flex flex-col gap-1">
            <h3 className="text-xs font-medium text-muted-foreground">Priority</h3>
            <PriorityExplained impact={data.impact} />
          </section>
          <section aria-label={valueAtRiskLabel(data.valueAtRisk)} className="flex flex-col gap-1">
            <h3 className="text-xs font-medium text-muted-foreground">
              {valueAtRiskLabel(data.valueAtRisk)}
            </h3>
            <ValueAtRiskSummary value={data.valueAtRisk} />
          </section>
        </div>
      ) : null}
      {data && data.sites.length > 0 ? (
        <Table
          look="ruled"
          columns={['Site', 'Kind', 'Distance', 'At risk', 'Exposed', 'State']}
          caption="Exposed sites"
          scrollLabel="Exposed sites"
          headClassName="text-xs"
        >
          {data.sites.map((item) => (
            <tr key={item.site.id} className="border-b border-border last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {item.site.name}
                {item.site.criticality === 'CRITICAL' || item.site.criticality === 'HIGH' ? (
                  <span className="ml-2 text-xs font-normal text-muted-foreground">
                    {item.site.criticality.toLowerCase()} criticality
                  </span>
                ) : null}
              </th>
              <td className="py-2 pr-3">{item.site.kind.replace('_', ' ').toLowerCase()}</td>
              <td className="py-2 pr-3 tabular-nums whitespace-nowrap">
                {formatKm(item.distanceKm)}
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <SiteValueCell
                  value={data.valueAtRisk.bySite.find((entry) => entry.siteId === item.site.id)}
                  currency={data.valueAtRisk.currency}
                />
              </td>
              <td className="py-2 pr-3 text-xs whitespace-nowrap text-muted-foreground">
                <ExposedSpan item={item} />
              </td>
              <td className="py-2">
                <ExposureStateBadge state={item.state} />
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      {data && data.shipments.length > 0 ? (
        <ExposedShipmentsTable shipments={data.shipments} />
      ) : null}
    </Card>
  );
}
