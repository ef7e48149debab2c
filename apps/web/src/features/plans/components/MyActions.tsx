import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { SectionSpinner } from '@/components/ui/Spinner';
import type { Plan, PlanAction } from '@meridian/contracts';
import { ListChecks } from 'lucide-react';
import { useId } from 'react';
import { usePlans } from '../api/get-plans';
import { useMemberOptions } from '../hooks/use-member-options';
import { usePlanPermissions } from '../hooks/use-plan-permissions';
import {
  actionsAssignedTo,
  isClosed,
  PLAN_STATUS_LABELS,
  PLAN_STATUS_TONES,
} from '../utils/plan-display';
import { ActionRow } from './ActionRow';
import * as WEB_MESSAGES from '@/config/messages';

function PlanGroup({
  plan,
  actions,
  onOpenPlan,
}: {
  plan: Plan;
  actions: PlanAction[];
  onOpenPlan: (plan: Plan) => void;
}) {
  const { canEdit, canWork } = usePlanPermissions();
  const memberOptions = useMemberOptions({ enabled: canEdit });
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-base font-semibold text-foreground">
            {plan.name}
          </h3>
          <Badge tone={PLAN_STATUS_TONES[plan.status]}>{PLAN_STATUS_LABELS[plan.status]}</Badge>
          <span className="text-sm text-muted-foreground">for {plan.incidentTitle}</span>
        </div>
        <Button size="sm" variant="ghost" onClick={() => onOpenPlan(plan)}>
          Open plan
        </Button>
      </div>
      <ol aria-label={`My actions in ${plan.name}`} className="flex flex-col gap-2">
        {actions.map((action) => (
          <ActionRow
            key={action.id}
            planId={plan.id}
            action={action}
            canEdit={canEdit}
            canWork={canWork(action)}
            closed={isClosed(plan.status)}
            memberOptions={memberOptions}
          />
        ))}
      </ol>
    </section>
  );
}

/** The actions assigned to the signed-in user across the organization's plans, by plan. */
export function MyActions({ onOpenPlan }: { onOpenPlan: (plan: Plan) => void }) {
  const { userId } = usePlanPermissions();
  const plans = usePlans({ assignee: 'me' });
  const groups = plans.data ? actionsAssignedTo(plans.data, userId) : [];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-lg font-semibold text-foreground">My actions</h2>
        <p className="text-sm text-muted-foreground">
          Assigned to you in your organization&apos;s plans
        </p>
      </div>
      {plans.isPending ? (
        <SectionSpinner label="Loading your actions..." />
      ) : plans.isError ? (
        <Alert tone="error">{plans.error.message}</Alert>
      ) : groups.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <ListChecks aria-hidden="true" className="size-8 text-muted-foreground/60" />
          <p className="text-sm text-muted-foreground">{WEB_MESSAGES.plan.noMyActions}</p>
        </div>
      ) : (
        groups.map(({ plan, actions }) => (
          <PlanGroup key={plan.id} plan={plan} actions={actions} onOpenPlan={onOpenPlan} />
        ))
      )}
    </div>
  );
}
