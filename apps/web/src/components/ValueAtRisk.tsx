import type { IncidentImpact, SiteValueAtRisk, ValueAtRisk } from '@meridian/contracts';
import { formatCalendarDay, formatMoney } from '@/utils/format';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Where a site's days down come from, when not the incident's type. */
const DOWNTIME_FROM: Record<SiteValueAtRisk['downtimeFrom'], string> = {
  ASSESSMENT: ' (until its expected recovery)',
  SITE: ' (its own recovery time)',
  INCIDENT: '',
};

/** "10 days", "2.5 days": downtime as the server gives it, to a tenth of a day. */
export const formatDays = (days: number) => {
  const rounded = Math.round(days * 10) / 10;
  return `${rounded} day${rounded === 1 ? '' : 's'}`;
};

/** The label of the figure: of what is in reach, or of what the incident reached while active. */
export const valueAtRiskLabel = (value: ValueAtRisk) =>
  value.basis === 'NOW' ? 'Value at risk' : 'Value at risk while active';

/**
 * The incident's value at risk in the organization's currency, what it is made of, and what
 * it leaves out (items of unknown value, currencies without a rate), so a figure is never read
 * as more complete than it is.
 */
export function ValueAtRiskSummary({ value }: { value: ValueAtRisk }) {
  const unknown = [
    value.unknown.sites > 0
      ? `${plural(value.unknown.sites, 'site')} without a revenue per day`
      : null,
    value.unknown.shipments > 0
      ? `${plural(value.unknown.shipments, 'shipment')} without a cargo value`
      : null,
  ].filter(Boolean);
  const nothingKnown = value.total === 0 && value.unconverted.length === 0 && unknown.length > 0;
  return (
    <div className="flex flex-col gap-0.5">
      {nothingKnown ? (
        <span className="text-sm text-muted-foreground">No value known yet</span>
      ) : (
        <>
          <span className="text-lg font-semibold text-foreground tabular-nums">
            {formatMoney(value.total, value.currency)}
          </span>
          <span className="text-xs text-muted-foreground">
            Sites {formatMoney(value.sites, value.currency)} (revenue over the days down) · Cargo{' '}
            {formatMoney(value.shipments, value.currency)}
          </span>
        </>
      )}
      {value.unconverted.length > 0 ? (
        <span className="text-xs text-muted-foreground">
          Not added, no rate:{' '}
          {value.unconverted.map((sum) => formatMoney(sum.amount, sum.currency)).join(', ')}
        </span>
      ) : null}
      {unknown.length > 0 ? (
        <span className="text-xs text-muted-foreground">Not counted: {unknown.join('; ')}</span>
      ) : null}
      {value.ratesAsOf ? (
        <span className="text-xs text-muted-foreground">
          Exchange rates of {formatCalendarDay(value.ratesAsOf)}
        </span>
      ) : null}
    </div>
  );
}

/** One site's share: "€100,000 · 10 days down", or why there is none. */
export function SiteValueCell({
  value,
  currency,
}: {
  value: SiteValueAtRisk | undefined;
  currency: string;
}) {
  if (!value) return <>—</>;
  const days = `${formatDays(value.downtimeDays)} down${DOWNTIME_FROM[value.downtimeFrom]}`;
  return (
    <span className="flex flex-col">
      <span className="tabular-nums">
        {value.amount === null ? '—' : formatMoney(value.amount, currency)}
      </span>
      <span className="text-xs text-muted-foreground">{days}</span>
    </span>
  );
}

/**
 * "$5,000,000 at risk" on an incident's card (or "… at risk while active" once it reaches
 * nothing): its value at risk as last computed; nothing when none is known.
 */
export function ImpactValue({ impact }: { impact: IncidentImpact | null | undefined }) {
  if (!impact || impact.valueAtRisk <= 0) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-surface-muted px-2 py-0.5 text-xs font-medium text-foreground tabular-nums">
      {formatMoney(impact.valueAtRisk, impact.currency)} at risk
      {impact.basis === 'NOW' ? '' : ' while active'}
    </span>
  );
}
