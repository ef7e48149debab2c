import { SeverityBadge, UnverifiedBadge } from '@/components/IncidentBadges';
import { PageContainer } from '@/components/layouts/PageContainer';
import { LazyMap } from '@/components/map/LazyMap';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { Card } from '@/components/ui/Card';
import { SectionSpinner } from '@/components/ui/Spinner';
import { EVENT_MAP_ZOOM } from '@/config/constants';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { affectedArea } from '@/entities/incident/incident-area';
import { formatLocation, formatUtc } from '@/entities/incident/incident-display';
import { useOrganizationMembers } from '@/entities/organization/organization-members';
import { fullName } from '@/utils/format';
import {
  type IncidentCreate,
  type IncidentDetailResponse,
  type IncidentUpdate,
} from '@meridian/contracts';
import { INCIDENT_TYPE_LABELS } from '@meridian/contracts/constants';
import { ArrowLeft, BadgeCheck, Pencil, SearchX } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useIncident } from '../api/get-incident';
import { useUpdateIncident } from '../api/update-incident';
import { useIncidentPermissions } from '../hooks/use-incident-permissions';
import { IncidentFormDialog } from './IncidentFormDialog';
import { AssessmentsPanel } from './AssessmentsPanel';
import { ExposurePanel } from './ExposurePanel';
import { FeedReports } from './FeedReports';
import { StatusChip } from './StatusChip';
import { Timeline } from './Timeline';
import * as WEB_MESSAGES from '@/config/messages';

type Detail = IncidentDetailResponse['data'];

const UNASSIGNED = 'UNASSIGNED';

/** The form's values as a change: the scope is chosen once, at creation. */
const withoutScope = (values: IncidentCreate): IncidentUpdate =>
  Object.fromEntries(Object.entries(values).filter(([key]) => key !== 'scope'));

function BackToEvents() {
  return (
    <Link
      to={paths.admin.events.getHref()}
      className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Events
    </Link>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm text-foreground">{children}</dd>
    </div>
  );
}

function Assignee({ incident, canEdit }: { incident: Detail['incident']; canEdit: boolean }) {
  const members = useOrganizationMembers({ enabled: canEdit });
  const update = useUpdateIncident();
  const current = incident.assignee;
  if (!canEdit || !members.data) {
    return <>{current ? fullName(current) || current.email : 'Nobody'}</>;
  }
  const options = [
    { value: UNASSIGNED, label: 'Nobody' },
    ...members.data.map((member) => ({
      value: member.id,
      label: fullName(member) || member.email,
    })),
  ];
  return (
    <Select
      label="Assignee"
      value={incident.assigneeId ?? UNASSIGNED}
      onValueChange={(value) =>
        update.mutate({
          incidentId: incident.id,
          change: { assigneeId: value === UNASSIGNED ? null : value },
        })
      }
      options={options}
      disabled={update.isPending}
      className="h-8 w-full max-w-60"
    />
  );
}

function EditIncident({ incident }: { incident: Detail['incident'] }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateIncident();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </Button>
      {open ? (
        <IncidentFormDialog
          open
          incident={incident}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) update.reset();
          }}
          pending={update.isPending}
          error={update.error?.message ?? null}
          onSubmit={(values) =>
            update.mutate(
              { incidentId: incident.id, change: withoutScope(values) },
              { onSuccess: () => setOpen(false) },
            )
          }
        />
      ) : null}
    </>
  );
}

/** Confirms an incident made from a news item: it is no longer marked unverified. */
function ConfirmIncident({ incident }: { incident: Detail['incident'] }) {
  const update = useUpdateIncident();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={update.isPending}
      onClick={() => update.mutate({ incidentId: incident.id, change: { verified: true } })}
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      Confirm
    </Button>
  );
}

function EventDetail({ detail }: { detail: Detail }) {
  const { incident, nearbyShipments } = detail;
  const { location } = incident;
  const { canEdit, canCreate } = useIncidentPermissions();
  const editable = canEdit(incident);
  const incidents = useMemo(() => [incident], [incident]);
  const areas = useMemo(() => {
    const area = affectedArea(incident);
    return area ? [area] : [];
  }, [incident]);
  const camera = useMemo(
    () => (location ? { lat: location.lat, lng: location.lng, zoom: EVENT_MAP_ZOOM } : null),
    [location],
  );
  const members = useOrganizationMembers({ enabled: true });
  const people = useMemo(() => {
    const known = [...(members.data ?? []), ...(incident.assignee ? [incident.assignee] : [])];
    return new Map(known.map((person) => [person.id, fullName(person) || person.email]));
  }, [members.data, incident.assignee]);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">
            {incident.title}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {incident.type ? INCIDENT_TYPE_LABELS[incident.type] : 'Incident'}
            {incident.organizationId === null ? ' · Global' : ''}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {incident.unverified ? <UnverifiedBadge /> : null}
          <SeverityBadge severity={incident.severity} />
          {editable && incident.unverified ? <ConfirmIncident incident={incident} /> : null}
          {editable ? <EditIncident incident={incident} /> : null}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <Card className="flex flex-col gap-4 p-4">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label="Status">
              <StatusChip incident={incident} />
            </Field>
            <Field label="Severity">{incident.severity}</Field>
            <Field label="Location">{formatLocation(location)}</Field>
            <Field label="Last update">{formatUtc(incident.updatedAt)}</Field>
            <Field label="Started">{formatUtc(incident.startsAt)}</Field>
            <Field label="Ends">
              {incident.endsAt ? formatUtc(incident.endsAt) : 'Open-ended'}
            </Field>
            <Field label="Affected radius">
              {incident.area ? 'Drawn area' : `${incident.affectedRadiusKm ?? '—'} km`}
            </Field>
            <Field label="Assignee">
              <Assignee incident={incident} canEdit={editable} />
            </Field>
          </dl>
          <div>
            <h2 className="text-xs font-medium text-muted-foreground">Description</h2>
            <p className="mt-0.5 text-sm whitespace-pre-line text-foreground">
              {incident.description ?? 'No description.'}
            </p>
          </div>
          {incident.source && incident.source !== 'MANUAL' ? (
            <FeedReports incidentId={incident.id} />
          ) : null}
          {incident.sourceUrl ? (
            <a
              href={incident.sourceUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="text-sm text-primary hover:underline"
            >
              Source
            </a>
          ) : null}
        </Card>
        {camera ? (
          <LazyMap
            label={`Map of ${incident.title}`}
            className="h-72 rounded-lg border border-border lg:h-auto lg:min-h-72"
            shipments={nearbyShipments}
            incidents={incidents}
            areas={areas}
            initialCamera={camera}
            fallback={formatLocation(location)}
          />
        ) : (
          <div className="flex h-72 items-center justify-center rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            Location: {WEB_MESSAGES.events.locationUnavailable}
          </div>
        )}
      </div>
      <ExposurePanel incident={incident} />
      <AssessmentsPanel incidentId={incident.id} editable={canCreate} />
      <Timeline incidentId={incident.id} people={people} />
    </>
  );
}

/**
 * One incident: its facts (changed in place by those who may), its affected area on a small map,
 * its timeline with comments, and the shipments within 500 km of it. Polled like the list.
 */
export function EventPage() {
  const { eventId = '' } = useParams();
  const query = useIncident(eventId);
  return (
    <PageContainer className="max-w-5xl gap-4">
      <BackToEvents />
      {query.isPending ? (
        <SectionSpinner label="Loading event..." />
      ) : query.isError ? (
        query.error instanceof ApiError &&
        (query.error.status === 404 || query.error.status === 400) ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
            <h1 className="text-xl font-semibold text-foreground">
              {WEB_MESSAGES.events.eventNotFound}
            </h1>
            <p className="max-w-md text-sm text-muted-foreground">
              It may have been removed, or it belongs to another organization.
            </p>
            <Link to={paths.admin.events.getHref()} className={buttonClasses('secondary')}>
              Back to Events
            </Link>
          </Card>
        ) : (
          <>
            <h1 className="sr-only">Event</h1>
            <Alert tone="error">{query.error.message}</Alert>
          </>
        )
      ) : (
        <EventDetail detail={query.data} />
      )}
    </PageContainer>
  );
}
