import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { TimelineEntries } from '@/components/TimelineEntries';
import { useTimeline } from '@/entities/incident/incident-timeline';
import { INCIDENT_LIMITS } from '@meridian/contracts/constants';
import { useState } from 'react';
import { useAddComment } from '../api/add-comment';

function CommentForm({ incidentId }: { incidentId: string }) {
  const [body, setBody] = useState('');
  const add = useAddComment(incidentId);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!body.trim()) return;
        add.mutate(body.trim(), { onSuccess: () => setBody('') });
      }}
    >
      <label htmlFor="comment" className="text-sm font-medium text-foreground">
        Add a comment
      </label>
      <textarea
        id="comment"
        rows={3}
        maxLength={INCIDENT_LIMITS.comment}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        placeholder="What do you know? Markdown works: **bold**, lists, links."
        className="rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={add.isPending || !body.trim()}>
          {add.isPending ? <Spinner className="size-4" /> : null}
          Comment
        </Button>
      </div>
    </form>
  );
}

/** Everything that happened to the incident, oldest first, and a box to add to it. */
export function Timeline({
  incidentId,
  people,
}: {
  incidentId: string;
  people: ReadonlyMap<string, string>;
}) {
  const timeline = useTimeline(incidentId);
  return (
    <Card aria-labelledby="timeline-title" className="flex flex-col gap-4 p-4">
      <h2 id="timeline-title" className="text-base font-semibold text-foreground">
        Timeline
      </h2>
      {timeline.isPending ? <SectionSpinner label="Loading timeline..." /> : null}
      {timeline.isError ? <Alert tone="error">{timeline.error.message}</Alert> : null}
      {timeline.data ? <TimelineEntries entries={timeline.data} people={people} /> : null}
      <CommentForm incidentId={incidentId} />
    </Card>
  );
}
