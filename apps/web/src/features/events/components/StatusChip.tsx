import { IncidentStatusText } from '@/components/IncidentBadges';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { formatStatus } from '@/entities/incident/incident-display';
import { cn } from '@/utils/cn';
import type { Incident, IncidentStatus, Plan } from '@meridian/contracts';
import { INCIDENT_TRANSITIONS, INCIDENT_TRANSITION_LABELS } from '@meridian/contracts/constants';
import { ChevronDown } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { openPlansOf } from '@/entities/plan/plans-api';
import { useUpdateIncident } from '../api/update-incident';
import { useIncidentPermissions } from '../hooks/use-incident-permissions';
import { ReopenDialog } from './ReopenDialog';
import { ResolveDialog } from './ResolveDialog';

/**
 * The incident's status in its colour; for those who may change it, a menu of the next steps
 * (Start work, Resolve, Reopen), applied in place at once and rolled back if refused. Resolving
 * an incident with active response plans first asks whether to complete them.
 */
export function StatusChip({
  incident,
  className,
}: {
  incident: Pick<Incident, 'id' | 'status' | 'organizationId' | 'title'>;
  className?: string;
}) {
  const { canEdit } = useIncidentPermissions();
  const update = useUpdateIncident();
  const [reopening, setReopening] = useState(false);
  const [activePlans, setActivePlans] = useState<Plan[]>([]);
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  if (!canEdit(incident))
    return <IncidentStatusText status={incident.status} className={className} />;

  const move = (status: IncidentStatus, reason?: string) =>
    update.mutate({ incidentId: incident.id, change: { status, ...(reason ? { reason } : {}) } });
  const resolve = async () => {
    // A list that cannot be read does not stand in the way of resolving.
    const open = await openPlansOf(queryClient, organizationId, incident.id).catch(() => []);
    if (open.length > 0) setActivePlans(open);
    else move('RESOLVED');
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Status ${formatStatus(incident.status)}: change the status of ${incident.title}`}
          className={cn(
            'inline-flex items-center gap-1 rounded-md border border-border px-2 py-0.5 hover:bg-surface-hover',
            'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            className,
          )}
        >
          <IncidentStatusText status={incident.status} />
          <ChevronDown aria-hidden="true" className="size-3.5 text-muted-foreground" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="min-w-40">
          {INCIDENT_TRANSITIONS[incident.status].map((next) => (
            <DropdownMenuItem
              key={next}
              onSelect={() =>
                next === 'OPEN'
                  ? setReopening(true)
                  : next === 'RESOLVED'
                    ? void resolve()
                    : move(next)
              }
            >
              {INCIDENT_TRANSITION_LABELS[next]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReopenDialog
        open={reopening}
        onOpenChange={setReopening}
        onReopen={(reason) => move('OPEN', reason)}
      />
      <ResolveDialog
        plans={activePlans}
        incidentTitle={incident.title}
        onOpenChange={(open) => {
          if (!open) setActivePlans([]);
        }}
        onResolve={() => move('RESOLVED')}
      />
    </>
  );
}
