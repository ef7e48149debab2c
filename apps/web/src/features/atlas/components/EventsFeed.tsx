import { ExposureBadge } from '@/components/ExposureBadge';
import { SeverityBadge } from '@/components/IncidentBadges';
import { PriorityBadge } from '@/components/PriorityBadge';
import { Skeleton } from '@/components/ui/Skeleton';
import { VirtualList } from '@/components/VirtualList';
import { paths } from '@/config/paths';
import type { ExposureCounts } from '@/entities/exposure/exposure-summary';
import { formatLocation, formatUtc } from '@/entities/incident/incident-display';
import { cn } from '@/utils/cn';
import { NO_EVENT_FILTERS, useIncidentPages } from '@/entities/incident/incident-pages';
import type { ReadIncident } from '@/lib/readers';
import type { Scope } from '@meridian/contracts';
import { useMemo, type CSSProperties } from 'react';
import { Link } from 'react-router';
import * as WEB_MESSAGES from '@/config/messages';

type EventsFeedProps = {
  scope: Scope;
  /** Every incident of the scope (the feed loads them a page at a time). */
  count: number | undefined;
  /** What each incident reaches of the organization. */
  exposure?: ReadonlyMap<string, ExposureCounts>;
  className?: string;
  style?: CSSProperties;
};

const NO_INCIDENTS: readonly ReadIncident[] = [];
const PLACEHOLDER_CARDS = [1, 2, 3, 4, 5, 6];

/**
 * The right-hand "Events Feed": every incident of the scope, newest first, each a link; loaded
 * a page at a time as it scrolls, from the Events list's own paged source.
 */
export function EventsFeed({ scope, count, exposure, className, style }: EventsFeedProps) {
  const filters = useMemo(() => ({ ...NO_EVENT_FILTERS, scope }), [scope]);
  const query = useIncidentPages(filters, { view: 'feed' });
  // Failures and unusable replies leave the feed silently empty (spec part 8).
  const incidents = useMemo(
    () =>
      query.data?.pages.flatMap((page) => (page.kind === 'incidents' ? page.incidents : [])) ??
      NO_INCIDENTS,
    [query.data],
  );
  const loading = query.isPending;
  return (
    <aside
      aria-labelledby="events-feed-title"
      style={style}
      className={cn('flex min-h-0 flex-col bg-surface', className)}
    >
      <div className="flex items-baseline justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id="events-feed-title" className="text-sm font-semibold text-foreground">
          Events Feed
        </h2>
        {loading || count === undefined ? null : (
          <span className="text-xs text-muted-foreground">{count.toLocaleString()}</span>
        )}
      </div>
      {loading ? (
        // Still cards, not a spinner: the map beside the feed starts meanwhile (see Skeleton).
        <div role="status" className="flex flex-col">
          <p className="px-4 pt-3 pb-1 text-sm text-muted-foreground">Loading events...</p>
          {PLACEHOLDER_CARDS.map((card) => (
            <div key={card} className="flex flex-col gap-2 border-b border-border px-4 py-3">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          ))}
        </div>
      ) : incidents.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted-foreground">{WEB_MESSAGES.events.empty}</p>
      ) : (
        <VirtualList
          items={incidents}
          getKey={(incident) => incident.id}
          estimateSize={76}
          label="Events Feed"
          className="flex-1"
          onEndReached={() => {
            if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
          }}
          renderItem={(incident) => (
            <Link
              to={paths.eventShortcut.getHref(incident.id)}
              className="flex flex-col gap-1 border-b border-border px-4 py-3 hover:bg-surface-hover focus-visible:bg-surface-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
            >
              <span className="flex items-start justify-between gap-2">
                <span className="min-w-0 text-sm font-medium text-foreground">
                  {incident.title}
                </span>
                <SeverityBadge severity={incident.severity} className="shrink-0" />
              </span>
              <span className="text-xs text-muted-foreground">
                {formatLocation(incident.location)} · {formatUtc(incident.updatedAt)}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <PriorityBadge impact={incident.impact} />
                <ExposureBadge counts={exposure?.get(incident.id)} />
              </span>
            </Link>
          )}
        />
      )}
    </aside>
  );
}
