import { IncidentStatusText, SeverityBadge } from '@/components/IncidentBadges';
import { PageContainer } from '@/components/layouts/PageContainer';
import { LazyMap } from '@/components/map/LazyMap';
import { Alert } from '@/components/ui/Alert';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SectionSpinner } from '@/components/ui/Spinner';
import { EVENT_MAP_ZOOM } from '@/config/constants';
import { EVENTS_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatLocation, formatUtc } from '@/lib/incident-display';
import { NEARBY_SHIPMENT_RADIUS_KM, type IncidentDetailResponse } from '@meridian/contracts';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useIncident } from '../api/get-incident';

type Detail = IncidentDetailResponse['data'];

const NEARBY_TITLE = `Shipments within ${NEARBY_SHIPMENT_RADIUS_KM} km`;

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

function NearbyShipments({ detail }: { detail: Detail }) {
  const { incident, nearbyShipments } = detail;
  return (
    <Card aria-labelledby="nearby-title" className="p-4">
      <h2 id="nearby-title" className="text-base font-semibold text-foreground">
        {NEARBY_TITLE}
      </h2>
      {!incident.location ? (
        <p className="mt-2 text-sm text-muted-foreground">
          The location of this event is unknown, so no shipments can be matched to it.
        </p>
      ) : nearbyShipments.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No shipments are this close.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Distance
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Reference
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Route
                </th>
                <th scope="col" className="py-2 font-medium">
                  Mode
                </th>
              </tr>
            </thead>
            <tbody>
              {nearbyShipments.map((shipment) => (
                <tr key={shipment.id} className="border-b border-border last:border-0">
                  <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                    {shipment.distanceKm.toLocaleString(undefined, { maximumFractionDigits: 1 })} km
                  </td>
                  <td className="py-2 pr-3 font-medium">{shipment.reference}</td>
                  <td className="py-2 pr-3">
                    {shipment.origin} → {shipment.destination}
                  </td>
                  <td className="py-2">{shipment.mode}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function EventDetail({ detail }: { detail: Detail }) {
  const { incident, nearbyShipments } = detail;
  const { location } = incident;
  const incidents = useMemo(() => [incident], [incident]);
  const camera = useMemo(
    () => (location ? { lat: location.lat, lng: location.lng, zoom: EVENT_MAP_ZOOM } : null),
    [location],
  );
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight text-foreground">
          {incident.title}
        </h1>
        <SeverityBadge severity={incident.severity} className="mt-1.5" />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <Card className="flex flex-col gap-4 p-4">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label="Status">
              <IncidentStatusText status={incident.status} />
            </Field>
            <Field label="Severity">{incident.severity}</Field>
            <Field label="Location">{formatLocation(location)}</Field>
            <Field label="Last update">{formatUtc(incident.updatedAt)}</Field>
          </dl>
          <div>
            <h2 className="text-xs font-medium text-muted-foreground">Description</h2>
            <p className="mt-0.5 text-sm whitespace-pre-line text-foreground">
              {incident.description ?? 'No description.'}
            </p>
          </div>
        </Card>
        {camera ? (
          <LazyMap
            label={`Map of ${incident.title}`}
            className="h-72 rounded-lg border border-border"
            shipments={nearbyShipments}
            incidents={incidents}
            initialCamera={camera}
            fallback={formatLocation(location)}
          />
        ) : (
          <div className="flex h-72 items-center justify-center rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            Location: {EVENTS_MESSAGES.locationUnavailable}
          </div>
        )}
      </div>
      <NearbyShipments detail={detail} />
    </>
  );
}

/** One incident: its facts, a small map and the shipments within 500 km of it. */
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
              {EVENTS_MESSAGES.eventNotFound}
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
