import { PermissionNote } from '@/components/PermissionNote';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Input } from '@/components/ui/Input';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { Select, type SelectOption } from '@/components/ui/Select';
import { toast } from '@/lib/toast';
import { cn } from '@/utils/cn';
import { formatDateTime } from '@/utils/format';
import { PLAN_LIMITS, type Plan, type PlanUpdate } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useUpdatePlan } from '../api/update-plan';
import { fromMemberOption, NOBODY, withPerson } from '../hooks/use-member-options';
import { usePlanPermissions } from '../hooks/use-plan-permissions';
import {
  isClosed,
  personName,
  PLAN_STATUS_LABELS,
  PLAN_STATUS_TONES,
  planTransitions,
} from '../utils/plan-display';
import { ActionRow } from './ActionRow';
import { AddActionForm } from './AddActionForm';
import { InstantInput } from './InstantInput';
import * as WEB_MESSAGES from '@/config/messages';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm text-foreground">{children}</dd>
    </div>
  );
}

function NameEditor({ plan, onSave }: { plan: Plan; onSave: (name: string) => void }) {
  const [name, setName] = useState(plan.name);
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Rename ${plan.name}`}
        className="size-8"
        onClick={() => {
          setName(plan.name);
          setEditing(true);
        }}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
    );
  }
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() && name.trim() !== plan.name) onSave(name.trim());
        setEditing(false);
      }}
    >
      <Input
        aria-label="Plan name"
        autoFocus
        maxLength={PLAN_LIMITS.name}
        value={name}
        onChange={(event) => setName(event.target.value)}
        className="h-8 w-64"
      />
      <Button type="submit" size="icon" variant="ghost" aria-label="Save name" className="size-8">
        <Check aria-hidden="true" className="size-4" />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label="Cancel renaming"
        className="size-8"
        onClick={() => setEditing(false)}
      >
        <X aria-hidden="true" className="size-4" />
      </Button>
    </form>
  );
}

/**
 * One response plan: its status and the moves from it, owner and dates, progress, and its
 * actions as a checklist with a row to add one.
 */
export function PlanCard({
  plan,
  highlighted,
  memberOptions,
  onCompleted,
}: {
  plan: Plan;
  /** Called when this card completes the plan. */
  onCompleted?: (plan: Plan) => void;
  /** Just created, or opened from a link: scrolled to and outlined. */
  highlighted: boolean;
  memberOptions: SelectOption[] | null;
}) {
  const { canEdit, canWork } = usePlanPermissions();
  const update = useUpdatePlan();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const closed = isClosed(plan.status);
  const { done, total } = plan.progress;

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [highlighted]);

  const save = (change: Omit<PlanUpdate, 'updatedAt'>) =>
    update.mutate(
      { planId: plan.id, change: { updatedAt: plan.updatedAt, ...change } },
      {
        onSuccess: (saved) => {
          if (change.status === 'COMPLETED') onCompleted?.(saved);
          if (change.status)
            toast.success(
              WEB_MESSAGES.plan.statusChanged(
                saved.name,
                PLAN_STATUS_LABELS[saved.status].toLowerCase(),
              ),
            );
        },
      },
    );

  return (
    <Card
      ref={ref}
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-4 p-4', highlighted && 'ring-2 ring-primary')}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-base font-semibold text-foreground">
            {plan.name}
          </h3>
          <Badge tone={PLAN_STATUS_TONES[plan.status]}>{PLAN_STATUS_LABELS[plan.status]}</Badge>
          {canEdit && !closed ? <NameEditor plan={plan} onSave={(name) => save({ name })} /> : null}
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            {planTransitions(plan.status).map((transition) => (
              <Button
                key={transition.label}
                size="sm"
                variant={transition.to === 'CANCELLED' ? 'secondary' : 'primary'}
                disabled={update.isPending}
                onClick={() =>
                  transition.to === 'CANCELLED'
                    ? setConfirmCancel(true)
                    : save({ status: transition.to })
                }
              >
                {transition.label}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Field label="Owner">
          {canEdit && !closed && memberOptions ? (
            <Select
              label={`Owner of ${plan.name}`}
              value={plan.owner?.id ?? NOBODY}
              onValueChange={(value) => save({ ownerId: fromMemberOption(value) })}
              options={withPerson(memberOptions, plan.owner)}
              disabled={update.isPending}
              className="h-8 w-full max-w-56"
            />
          ) : (
            personName(plan.owner)
          )}
        </Field>
        <Field label="Started">{formatDateTime(plan.startsAt)}</Field>
        <Field label="Target completion">
          {canEdit && !closed ? (
            <InstantInput
              label={`Target completion of ${plan.name}`}
              value={plan.targetAt}
              pending={update.isPending}
              onSave={(targetAt) => save({ targetAt })}
              className="h-8 w-52"
            />
          ) : plan.targetAt ? (
            formatDateTime(plan.targetAt)
          ) : (
            'None'
          )}
        </Field>
      </dl>
      <ProgressBar
        label="Progress"
        value={done}
        max={Math.max(total, 1)}
        detail={`${done} of ${total} ${total === 1 ? 'action' : 'actions'} done`}
      />
      {closed && canEdit ? <PermissionNote>{API_MESSAGES.plan.closed}</PermissionNote> : null}
      {!canEdit ? <PermissionNote>{WEB_MESSAGES.plan.readOnly}</PermissionNote> : null}
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold text-foreground">Actions</h4>
        {plan.actions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{WEB_MESSAGES.plan.noActions}</p>
        ) : (
          <ol aria-label={`Actions of ${plan.name}`} className="flex flex-col gap-2">
            {plan.actions.map((action) => (
              <ActionRow
                key={action.id}
                planId={plan.id}
                action={action}
                canEdit={canEdit}
                canWork={canWork(action)}
                closed={closed}
                memberOptions={memberOptions}
              />
            ))}
          </ol>
        )}
        {canEdit && !closed ? (
          <AddActionForm planId={plan.id} planName={plan.name} memberOptions={memberOptions} />
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={`Cancel “${plan.name}”?`}
        description="Its actions stay as they are; reopen the plan to work on it again."
        confirmLabel="Cancel plan"
        cancelLabel="Keep it"
        confirmVariant="destructive"
        onConfirm={() => save({ status: 'CANCELLED' })}
      />
    </Card>
  );
}
