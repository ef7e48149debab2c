import { ExposureBadge } from '@/components/ExposureBadge';
import { SeverityBadge, UnverifiedBadge } from '@/components/IncidentBadges';
import { ImpactValue } from '@/components/ValueAtRisk';
import { PriorityBadge } from '@/components/PriorityBadge';
import type { ExposureCounts } from '@/entities/exposure/exposure-summary';
import { paths } from '@/config/paths';
import { formatLocation, formatUtc } from '@/entities/incident/incident-display';
import type { ReadIncident } from '@/lib/readers';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusChip } from './StatusChip';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm text-foreground">{children}</dd>
    </div>
  );
}

/**
 * An incident on the Events page: title, priority, severity, location, time, status, summary,
 * and what it reaches and puts at risk.
 */
export function EventCard({
  incident,
  exposure,
}: {
  incident: ReadIncident;
  /** What the incident reaches of the organization, when anything. */
  exposure?: ExposureCounts;
}) {
  const titleId = `event-${incident.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-lg border border-border bg-surface p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 text-base font-semibold text-foreground">
          <Link
            to={paths.admin.event.getHref(incident.id)}
            className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {incident.title}
          </Link>
        </h2>
        <div className="flex shrink-0 items-center gap-2">
          {incident.unverified ? <UnverifiedBadge /> : null}
          <PriorityBadge impact={incident.impact} />
          <SeverityBadge severity={incident.severity} />
        </div>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <Field label="Location">{formatLocation(incident.location)}</Field>
        <Field label="Start Date/Time">{formatUtc(incident.updatedAt)}</Field>
        <Field label="Status">
          <StatusChip incident={incident} />
        </Field>
      </dl>
      {incident.description ? (
        <div className="mt-3">
          <h3 className="text-xs font-medium text-muted-foreground">Summary</h3>
          <div
            role="region"
            aria-label={`Summary of ${incident.title}`}
            tabIndex={0}
            className="mt-1 max-h-24 overflow-y-auto rounded-md bg-surface-muted px-3 py-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {incident.description}
          </div>
        </div>
      ) : null}
      {/* Last: exposure arrives after the list, and nothing above it moves when it does. */}
      <div className="mt-3 flex flex-wrap items-center gap-2 empty:hidden">
        <ExposureBadge counts={exposure} />
        <ImpactValue impact={incident.impact} />
      </div>
    </article>
  );
}
