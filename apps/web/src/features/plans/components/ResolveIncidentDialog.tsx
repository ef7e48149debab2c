import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { updateIncident } from '@/entities/incident/incident-update';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import type { Incident } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The last open plan of an incident is complete: the incident itself may be done too. */
export function ResolveIncidentDialog({
  incident,
  open,
  onOpenChange,
}: {
  incident: Pick<Incident, 'id' | 'title' | 'status'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  const resolve = useMutation({
    // Work on an incident that never left OPEN has started all the same: it goes through
    // IN_PROGRESS (the only way to RESOLVED), and the timeline shows both steps.
    mutationFn: async () => {
      if (incident.status === 'OPEN') await updateIncident(incident.id, { status: 'IN_PROGRESS' });
      return updateIncident(incident.id, { status: 'RESOLVED' });
    },
    onSuccess: (resolved) => {
      toast.success(`“${resolved.title}” is resolved`);
      onOpenChange(false);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.atlas.all }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.atlas.timeline(organizationId, incident.id),
        }),
      ]),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!resolve.isPending) onOpenChange(next);
      }}
      title="Resolve the incident?"
      description={`Every response plan for ${incident.title} is now complete.`}
    >
      {resolve.error ? (
        <p
          role="alert"
          className="mb-4 rounded-md bg-danger-surface px-3 py-2 text-sm text-danger-text"
        >
          {resolve.error.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => onOpenChange(false)}
          disabled={resolve.isPending}
        >
          Not now
        </Button>
        <Button onClick={() => resolve.mutate()} disabled={resolve.isPending}>
          {resolve.isPending ? 'Resolving…' : 'Resolve incident'}
        </Button>
      </div>
    </Dialog>
  );
}
