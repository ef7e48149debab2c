import { PageContainer } from '@/components/layouts/PageContainer';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { VirtualList } from '@/components/VirtualList';
import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useExposureSummary } from '@/entities/exposure/exposure-summary';
import { isScope } from '@/lib/scope-state';
import { EVENTS_SAMPLE_INCIDENTS } from '@/entities/incident/sample-incidents';
import { cn } from '@/utils/cn';
import type { ReadIncident } from '@/lib/readers';
import type { Scope } from '@meridian/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateIncident } from '../api/create-incident';
import { useIncidentPages } from '@/entities/incident/incident-pages';
import { useEventFilters, type EventFilters } from '../hooks/use-event-filters';
import { useIncidentPermissions } from '../hooks/use-incident-permissions';
import { EventCard } from './EventCard';
import { EventsToolbar } from './EventsToolbar';
import { IncidentFormDialog } from './IncidentFormDialog';
import * as WEB_MESSAGES from '@/config/messages';

const TABS: { value: Scope; label: string }[] = [
  { value: 'ORG', label: 'My Organization' },
  { value: 'GLOBAL', label: 'Global' },
];

/** The incidents of one view, polled every 15 s, a page at a time as the list scrolls. */
function ScopeEvents({ filters }: { filters: EventFilters }) {
  const query = useIncidentPages(filters, { refetchInterval: EVENTS_POLL_INTERVAL_MS });
  const exposure = useExposureSummary(filters.scope).data?.counts;
  const pages = query.data?.pages;
  const notJson = pages?.[0]?.kind === 'notJson';
  const incidents = useMemo(
    (): ReadIncident[] =>
      notJson
        ? EVENTS_SAMPLE_INCIDENTS
        : (pages ?? []).flatMap((page) => (page.kind === 'incidents' ? page.incidents : [])),
    [pages, notJson],
  );
  if (query.isPending) return <SectionSpinner label="Loading events..." />;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      {query.isError ? <Alert tone="error">{WEB_MESSAGES.events.loadFailed}</Alert> : null}
      {notJson ? (
        <p className="text-xs text-muted-foreground">
          Showing sample incidents: the server&apos;s reply could not be read.
        </p>
      ) : null}
      {query.isError && !pages ? null : incidents.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
          {WEB_MESSAGES.events.empty}
        </p>
      ) : (
        <div className="relative min-h-96 flex-1">
          <VirtualList
            items={incidents}
            getKey={(incident) => incident.id}
            estimateSize={200}
            gap={12}
            label="Incidents"
            className="absolute inset-0 pr-1"
            renderItem={(incident) => (
              <EventCard incident={incident} exposure={exposure?.get(incident.id)} />
            )}
            onEndReached={() => {
              if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
            }}
            footer={
              query.isFetchingNextPage ? (
                <div className="flex justify-center py-3">
                  <Spinner className="text-primary" />
                  <span className="sr-only">Loading more events...</span>
                </div>
              ) : null
            }
          />
        </div>
      )}
    </div>
  );
}

/** "New incident" for MANAGERs and ADMINs: recorded, then opened. */
function NewIncident() {
  const { canCreate, canCreateGlobal } = useIncidentPermissions();
  const [open, setOpen] = useState(false);
  const create = useCreateIncident();
  const navigate = useNavigate();
  if (!canCreate) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        New incident
      </Button>
      {open ? (
        <IncidentFormDialog
          open
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) create.reset();
          }}
          allowGlobal={canCreateGlobal}
          pending={create.isPending}
          error={create.error?.message ?? null}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (incident) => {
                setOpen(false);
                void navigate(paths.admin.event.getHref(incident.id));
              },
            })
          }
        />
      ) : null}
    </>
  );
}

/** Ongoing and historical incidents, for the organization or globally (spec part 2). */
export function EventsPage() {
  const [filters, setFilters] = useEventFilters();
  return (
    <PageContainer className="max-w-5xl flex-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title={WEB_MESSAGES.events.title} description={WEB_MESSAGES.events.subtitle} />
        <NewIncident />
      </div>
      <Tabs.Root
        value={filters.scope}
        onValueChange={(value) => isScope(value) && setFilters({ scope: value })}
        className="flex min-h-0 flex-1 flex-col gap-4"
      >
        <Tabs.List
          aria-label="Scope"
          className="inline-flex self-start rounded-md border border-input bg-surface-muted p-0.5"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className={cn(
                'h-8 rounded px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
                'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                'data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm',
              )}
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <EventsToolbar filters={filters} onChange={setFilters} />
        {TABS.map((tab) => (
          <Tabs.Content
            key={tab.value}
            value={tab.value}
            className="flex min-h-0 flex-1 flex-col focus-visible:outline-none"
          >
            <ScopeEvents filters={{ ...filters, scope: tab.value }} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </PageContainer>
  );
}
