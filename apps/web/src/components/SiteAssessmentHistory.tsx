import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/utils/format';
import { ASSESSMENT_STATE_LABELS } from '@meridian/contracts';
import { Link } from 'react-router';
import { useSiteAssessmentHistory } from '@/entities/exposure/site-assessments';

/** How a site stood in each incident that reached it: state, capacity, recovery, who said so. */
export function SiteAssessmentHistory({ siteId, siteName }: { siteId: string; siteName: string }) {
  const history = useSiteAssessmentHistory(siteId);
  if (history.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" /> Loading how {siteName} stood in past incidents…
      </p>
    );
  }
  if (history.isError) return <Alert tone="error">{history.error.message}</Alert>;
  if (history.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{siteName} was never assessed.</p>;
  }
  return (
    <ul aria-label={`Assessments of ${siteName}`} className="flex flex-col gap-2">
      {history.data.map((row) => (
        <li key={row.incidentId} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <Link
            to={paths.admin.event.getHref(row.incidentId)}
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            {row.incidentTitle}
          </Link>
          {row.incidentResolved ? (
            <span className="text-xs text-muted-foreground">resolved</span>
          ) : null}
          <span className="font-medium">{ASSESSMENT_STATE_LABELS[row.state]}</span>
          <span className="text-muted-foreground">
            {[
              row.capacityPct === null ? null : `${row.capacityPct} % capacity`,
              row.expectedRecoveryOn ? `back by ${row.expectedRecoveryOn}` : null,
              `${row.reportedBySupplier ? 'the supplier' : (row.setBy ?? 'someone')}, ${formatDateTime(row.updatedAt)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}
