import { Alert } from '@/components/ui/Alert';
import { SectionSpinner } from '@/components/ui/Spinner';
import { isOpenPlan } from '@/entities/plan/plans-api';
import type { ReadIncident } from '@/lib/readers';
import type { Plan } from '@meridian/contracts';
import { useState } from 'react';
import { ClipboardList } from 'lucide-react';
import { usePlans } from '../api/get-plans';
import { useMemberOptions } from '../hooks/use-member-options';
import { usePlanPermissions } from '../hooks/use-plan-permissions';
import { PlanCard } from './PlanCard';
import { ResolveIncidentDialog } from './ResolveIncidentDialog';
import * as WEB_MESSAGES from '@/config/messages';

/**
 * The response plans of one event, newest first. Completing the last open plan of an incident
 * that is not resolved offers to resolve it (to those who may).
 */
export function EventPlans({
  incident,
  highlightedPlanId,
}: {
  incident: ReadIncident;
  highlightedPlanId: string | null;
}) {
  const { canEdit, canEditIncident } = usePlanPermissions();
  const plans = usePlans({ incidentId: incident.id });
  const memberOptions = useMemberOptions({ enabled: canEdit });
  const [offerResolve, setOfferResolve] = useState(false);
  const completed = (plan: Plan) => {
    const others = (plans.data ?? []).filter((other) => other.id !== plan.id);
    if (incident.status !== 'RESOLVED' && canEditIncident(incident) && !others.some(isOpenPlan))
      setOfferResolve(true);
  };
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold text-foreground">{incident.title}</h2>
        <p className="text-sm text-muted-foreground">Response plans</p>
      </div>
      {plans.isPending ? (
        <SectionSpinner label="Loading plans..." />
      ) : plans.isError ? (
        <Alert tone="error">{plans.error.message}</Alert>
      ) : plans.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <ClipboardList aria-hidden="true" className="size-8 text-muted-foreground/60" />
          <p className="text-sm text-muted-foreground">{WEB_MESSAGES.plan.noPlans}</p>
          {canEdit ? (
            <p className="text-sm text-muted-foreground">{WEB_MESSAGES.plan.noPlansHint}</p>
          ) : null}
        </div>
      ) : (
        [...plans.data]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              highlighted={plan.id === highlightedPlanId}
              memberOptions={memberOptions}
              onCompleted={completed}
            />
          ))
      )}
      <ResolveIncidentDialog
        incident={incident}
        open={offerResolve}
        onOpenChange={setOfferResolve}
      />
    </div>
  );
}
