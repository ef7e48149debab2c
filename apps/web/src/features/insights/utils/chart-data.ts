import type { Charts, Severity } from '@meridian/contracts';
import { INCIDENT_TYPE_LABELS, SEVERITIES } from '@meridian/contracts/constants';
import { formatMoney } from '@/utils/format';

/** A chart's data as rows of text, for its "Show as table" view. */
export type ChartTable = {
  columns: readonly string[];
  /** The first cell names the row (a row header). */
  rows: readonly { key: string; cells: readonly string[] }[];
};

export const SEVERITY_LABELS: Record<Severity, string> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};

const count = (value: number) => value.toLocaleString('en');

/** "3.5 h", "2.1 days": hours up to two days, then days. */
export function formatDuration(hours: number): string {
  if (hours < 48) return `${hours.toFixed(hours < 10 ? 1 : 0)} h`;
  const days = hours / 24;
  return `${days.toFixed(days < 10 ? 1 : 0)} days`;
}

/** "2026-03-04" → "Mar 4" (UTC, as the server counts days). */
export const dayLabel = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

export const severityTable = (charts: Charts): ChartTable => ({
  columns: ['Day', ...SEVERITIES.map((severity) => SEVERITY_LABELS[severity]), 'Total'],
  rows: charts.incidentsBySeverity.map((day) => ({
    key: day.day,
    cells: [
      day.day,
      ...SEVERITIES.map((severity) => count(day[severity])),
      count(SEVERITIES.reduce((sum, severity) => sum + day[severity], 0)),
    ],
  })),
});

export const openResolvedTable = (charts: Charts): ChartTable => ({
  columns: ['Day', 'Opened', 'Resolved', 'Open at end of day'],
  rows: charts.openVsResolved.map((day) => ({
    key: day.day,
    cells: [day.day, count(day.opened), count(day.resolved), count(day.open)],
  })),
});

export const resolveTimeTable = (charts: Charts): ChartTable => ({
  columns: ['Type', 'Resolved incidents', 'Mean time to resolve'],
  rows: charts.timeToResolve.map((row) => ({
    key: row.type,
    cells: [INCIDENT_TYPE_LABELS[row.type], count(row.resolved), formatDuration(row.meanHours)],
  })),
});

export const exposureTable = (charts: Charts): ChartTable => ({
  columns: ['Day', 'Sites exposed', 'Shipments exposed'],
  rows: charts.exposureOverTime.map((day) => ({
    key: day.day,
    cells: [day.day, count(day.sites), count(day.shipments)],
  })),
});

export const topSuppliersTable = (charts: Charts): ChartTable => ({
  columns: ['Supplier', 'Incidents', 'Annual spend'],
  rows: charts.topSuppliers.map((supplier) => ({
    key: supplier.id,
    cells: [
      supplier.name,
      count(supplier.incidents),
      supplier.annualSpend === null ? '—' : formatMoney(supplier.annualSpend, supplier.currency),
    ],
  })),
});

export const topLanesTable = (charts: Charts): ChartTable => ({
  columns: ['Lane', 'Shipments exposed', 'Incidents'],
  rows: charts.topLanes.map((lane) => ({
    key: lane.lane,
    cells: [lane.lane, count(lane.shipments), count(lane.incidents)],
  })),
});

export const valueAtRiskTable = (charts: Charts): ChartTable => ({
  columns: ['Day', 'Value at risk', 'Incidents'],
  rows: charts.valueAtRiskOverTime.map((day) => ({
    key: day.day,
    cells: [day.day, formatMoney(day.amount, charts.currency), count(day.incidents)],
  })),
});

export const valueByTypeTable = (charts: Charts): ChartTable => ({
  columns: ['Type', 'Value at risk', 'Incidents'],
  rows: charts.valueAtRiskByType.map((row) => ({
    key: row.type,
    cells: [
      INCIDENT_TYPE_LABELS[row.type],
      formatMoney(row.amount, charts.currency),
      count(row.incidents),
    ],
  })),
});

export const valueBySupplierTable = (charts: Charts): ChartTable => ({
  columns: ['Supplier', 'Value at risk', 'Incidents'],
  rows: charts.valueAtRiskBySupplier.map((row) => ({
    key: row.id,
    cells: [row.name, formatMoney(row.amount, charts.currency), count(row.incidents)],
  })),
});

/** Totals over the window, for the charts' text alternatives. */
export function chartTotals(charts: Charts) {
  const incidents = charts.incidentsBySeverity.reduce(
    (sum, day) => sum + SEVERITIES.reduce((daySum, severity) => daySum + day[severity], 0),
    0,
  );
  const resolved = charts.openVsResolved.reduce((sum, day) => sum + day.resolved, 0);
  const openNow = charts.openVsResolved.at(-1)?.open ?? 0;
  const peakSites = Math.max(0, ...charts.exposureOverTime.map((day) => day.sites));
  const peakShipments = Math.max(0, ...charts.exposureOverTime.map((day) => day.shipments));
  const peakValue = Math.max(0, ...charts.valueAtRiskOverTime.map((day) => day.amount));
  return { incidents, resolved, openNow, peakSites, peakShipments, peakValue };
}

/** Hours to answer: "45 min" under an hour, else as `formatDuration`; "—" for none. */
export const formatHours = (hours: number | null): string => {
  if (hours === null) return '—';
  return hours < 1 ? `${Math.max(1, Math.round(hours * 60))} min` : formatDuration(hours);
};

/** Answered of asked, as a whole percentage; null when nobody was asked. */
export const responseRate = ({ asked, answered }: { asked: number; answered: number }) =>
  asked === 0 ? null : Math.round((answered / asked) * 100);

export const supplierResponsesTable = (charts: Charts): ChartTable => ({
  columns: ['Supplier', 'Answered', 'Time to answer'],
  rows: charts.supplierResponses.suppliers.map((supplier) => ({
    key: supplier.id,
    cells: [
      supplier.name,
      `${count(supplier.answered)} of ${count(supplier.asked)} (${responseRate(supplier) ?? 0} %)` +
        (supplier.bounced > 0 ? `; ${count(supplier.bounced)} refused` : ''),
      formatHours(supplier.medianHoursToAnswer),
    ],
  })),
});

/** The card's sentence: "12 requests: 8 answered (67 %), a median 5.2 h after the e-mail." */
export function supplierResponsesSummary(charts: Charts): string {
  const { asked, answered, bounced, medianHoursToAnswer } = charts.supplierResponses;
  const requests = `${count(asked)} request${asked === 1 ? '' : 's'} to suppliers`;
  const speed =
    medianHoursToAnswer === null
      ? ''
      : `, a median ${formatHours(medianHoursToAnswer)} after the e-mail`;
  const refused = bounced > 0 ? `; ${count(bounced)} refused by the supplier's mail server` : '';
  return `${requests}: ${count(answered)} answered (${responseRate({ asked, answered })} %)${speed}${refused}.`;
}
