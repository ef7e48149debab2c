import { PageContainer } from '@/components/layouts/PageContainer';
import { Alert } from '@/components/ui/Alert';
import { PageHeader } from '@/components/ui/PageHeader';
import { SectionSpinner } from '@/components/ui/Spinner';
import { VirtualList } from '@/components/VirtualList';
import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { EVENTS_MESSAGES } from '@/config/messages';
import { useIncidents } from '@/lib/incidents-api';
import { EVENTS_SAMPLE_INCIDENTS } from '@/lib/sample-incidents';
import { isScope, useScopeState } from '@/lib/scope-state';
import { cn } from '@/utils/cn';
import type { Incident, Scope } from '@meridian/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { EventCard } from './EventCard';

const TABS: { value: Scope; label: string }[] = [
  { value: 'ORG', label: 'My Organization' },
  { value: 'GLOBAL', label: 'Global' },
];

function EventCards({ incidents }: { incidents: readonly Incident[] }) {
  return (
    <VirtualList
      items={incidents}
      getKey={(incident) => incident.id}
      estimateSize={200}
      gap={12}
      label="Incidents"
      className="absolute inset-0 pr-1"
      renderItem={(incident) => <EventCard incident={incident} />}
    />
  );
}

/** The incidents of one scope, polled every 15 s: loading, then error, empty or the list. */
function ScopeEvents({ scope }: { scope: Scope }) {
  const query = useIncidents(scope, { refetchInterval: EVENTS_POLL_INTERVAL_MS });
  if (query.isPending) return <SectionSpinner label="Loading events..." />;
  const reply = query.data;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      {query.isError ? <Alert tone="error">{EVENTS_MESSAGES.loadFailed}</Alert> : null}
      {reply?.kind === 'notJson' ? (
        <p className="text-xs text-muted-foreground">
          Showing sample incidents: the server&apos;s reply could not be read.
        </p>
      ) : null}
      {reply === undefined ? null : reply.kind === 'incidents' && reply.incidents.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
          {EVENTS_MESSAGES.empty}
        </p>
      ) : (
        <div className="relative min-h-96 flex-1">
          <EventCards
            incidents={reply.kind === 'incidents' ? reply.incidents : EVENTS_SAMPLE_INCIDENTS}
          />
        </div>
      )}
    </div>
  );
}

/** Ongoing and historical incidents, for the organization or globally (spec part 2). */
export function EventsPage() {
  const [scope, setScope] = useScopeState();
  return (
    <PageContainer className="max-w-5xl flex-1 gap-4">
      <PageHeader title={EVENTS_MESSAGES.title} description={EVENTS_MESSAGES.subtitle} />
      <Tabs.Root
        value={scope}
        onValueChange={(value) => isScope(value) && setScope(value)}
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
        {TABS.map((tab) => (
          <Tabs.Content
            key={tab.value}
            value={tab.value}
            className="flex min-h-0 flex-1 flex-col focus-visible:outline-none"
          >
            <ScopeEvents scope={tab.value} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </PageContainer>
  );
}
