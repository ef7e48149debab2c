import { SeverityBadge } from '@/components/IncidentBadges';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/utils/format';
import { Link } from 'react-router';
import { useSiteExposure } from '@/entities/exposure/site-exposure';

/** The incidents reaching a site now, nearest first, each linked to its event page. */
export function SiteExposure({ siteId, siteName }: { siteId: string; siteName: string }) {
  const exposure = useSiteExposure(siteId);
  if (exposure.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" /> Loading the incidents reaching {siteName}…
      </p>
    );
  }
  if (exposure.isError) return <Alert tone="error">{exposure.error.message}</Alert>;
  if (exposure.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No incident reaches {siteName} now.</p>;
  }
  return (
    <ul aria-label={`Incidents reaching ${siteName}`} className="flex flex-col gap-2">
      {exposure.data.map(({ incident, distanceKm, state, firstSeenAt }) => (
        <li key={incident.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <SeverityBadge severity={incident.severity} />
          <Link
            to={paths.admin.event.getHref(incident.id)}
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            {incident.title}
          </Link>
          <span className="text-muted-foreground">
            {distanceKm.toLocaleString('en', { maximumFractionDigits: 1 })} km away ·{' '}
            {state === 'NEW' ? 'new' : 'ongoing'} since {formatDateTime(firstSeenAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}
