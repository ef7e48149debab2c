import { Alert } from '@/components/ui/Alert';
import { SectionSpinner } from '@/components/ui/Spinner';
import { TimelineEntries } from '@/components/TimelineEntries';
import { useTimeline } from '@/entities/incident/incident-timeline';
import { useOrganizationMembers } from '@/entities/organization/organization-members';
import { fullName } from '@/utils/format';
import { useMemo } from 'react';
import * as WEB_MESSAGES from '@/config/messages';

/** The selected event's history, newest first, worded as on its event page. */
export function TimelineTab({ incidentId }: { incidentId: string }) {
  const timeline = useTimeline(incidentId);
  const members = useOrganizationMembers({ enabled: true });
  const people = useMemo(
    () =>
      new Map((members.data ?? []).map((person) => [person.id, fullName(person) || person.email])),
    [members.data],
  );
  if (timeline.isPending) return <SectionSpinner label="Loading timeline..." />;
  if (timeline.isError) return <Alert tone="error">{timeline.error.message}</Alert>;
  if (timeline.data.length === 0) {
    return <p className="py-6 text-sm text-muted-foreground">{WEB_MESSAGES.insights.noTimeline}</p>;
  }
  return <TimelineEntries entries={timeline.data} people={people} newestFirst />;
}
