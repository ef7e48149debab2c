import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { Select, type SelectOption } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/utils/cn';
import { formatDateTime } from '@/utils/format';
import {
  ACTION_STATUSES,
  PLAN_LIMITS,
  type ActionStatus,
  type ActionUpdate,
  type PlanAction,
} from '@meridian/contracts';
import { AlertTriangle, CheckCircle2, NotebookPen, Pencil } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useUpdateAction } from '../api/update-action';
import { useDraft } from '../hooks/use-draft';
import { fromMemberOption, NOBODY, withPerson } from '../hooks/use-member-options';
import { ACTION_STATUS_LABELS, personName } from '../utils/plan-display';
import { EditActionDialog } from './EditActionDialog';
import { InstantInput } from './InstantInput';

const STATUS_OPTIONS = ACTION_STATUSES.map((status) => ({
  value: status,
  label: ACTION_STATUS_LABELS[status],
}));

const textareaClasses =
  'w-full rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60';

/** A small caption over a row's field; a control names itself, plain text is read with it. */
function Labelled({
  label,
  control,
  children,
}: {
  label: string;
  control: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span
        aria-hidden={control ? true : undefined}
        className="text-xs font-medium text-muted-foreground"
      >
        {label}
        <span className="sr-only">:</span>
      </span>
      {children}
    </div>
  );
}

function BlockedReasonDialog({
  title,
  onCancel,
  onConfirm,
}: {
  title: string;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Say why the action is blocked');
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title="Why is this action blocked?"
      description={title}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label="Reason" error={error}>
          <textarea
            rows={3}
            required
            maxLength={PLAN_LIMITS.reason}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            className={textareaClasses}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Mark blocked</Button>
        </div>
      </form>
    </Dialog>
  );
}

function Notes({
  action,
  editable,
  pending,
  onSave,
}: {
  action: PlanAction;
  editable: boolean;
  pending: boolean;
  onSave: (notes: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useDraft(action.notes ?? '');
  const id = useId();
  if (!editable && !action.notes) return null;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-1.5 self-start rounded-sm text-xs font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <NotebookPen aria-hidden="true" className="size-3.5" />
        {action.notes ? 'Notes' : 'Add notes'}
        <span className="sr-only"> on {action.title}</span>
      </button>
      {open ? (
        <div id={id} className="flex flex-col gap-2">
          {editable ? (
            <>
              <textarea
                rows={3}
                aria-label={`Notes on ${action.title}`}
                maxLength={PLAN_LIMITS.notes}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                className={textareaClasses}
              />
              <Button
                size="sm"
                variant="secondary"
                className="self-end"
                disabled={pending || draft === (action.notes ?? '')}
                onClick={() => onSave(draft.trim() || null)}
              >
                Save notes
              </Button>
            </>
          ) : (
            <p className="text-sm whitespace-pre-wrap text-foreground">{action.notes}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}

/**
 * One action of a plan as a checklist row: done box, status, assignee, due time, notes. What
 * is editable follows the user's rights: everything for managers, status and notes for the
 * assignee, nothing for others (and nothing while the plan is closed).
 */
export function ActionRow({
  planId,
  action,
  canEdit,
  canWork,
  closed,
  memberOptions,
}: {
  planId: string;
  action: PlanAction;
  /** Title, description, required, assignee and due time. */
  canEdit: boolean;
  /** Status and notes. */
  canWork: boolean;
  closed: boolean;
  memberOptions: SelectOption[] | null;
}) {
  const update = useUpdateAction();
  const [askingReason, setAskingReason] = useState(false);
  const [editingWording, setEditingWording] = useState(false);
  // A status on its way to the server shows at once (the box ticks as it is clicked).
  const status = (update.isPending ? update.variables.change.status : undefined) ?? action.status;
  const done = status === 'DONE';
  const working = canWork && !closed;
  const editing = canEdit && !closed;
  const save = (change: Omit<ActionUpdate, 'updatedAt'>) =>
    update.mutate({
      planId,
      actionId: action.id,
      change: { updatedAt: action.updatedAt, ...change },
    });
  const setStatus = (next: ActionStatus) => {
    if (next === action.status) return;
    if (next === 'BLOCKED') setAskingReason(true);
    else save({ status: next });
  };

  return (
    <li
      aria-label={action.title}
      className={cn(
        'flex gap-3 rounded-md border px-3 py-3',
        action.overdue ? 'border-danger-border bg-danger-surface' : 'border-border bg-surface',
      )}
    >
      <input
        type="checkbox"
        aria-label={`Done: ${action.title}`}
        checked={done}
        disabled={!working || update.isPending}
        onChange={(event) => setStatus(event.target.checked ? 'DONE' : 'TODO')}
        className="mt-0.5 size-4 shrink-0 accent-primary disabled:cursor-not-allowed"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span
            className={cn(
              'text-sm font-medium text-foreground',
              done && 'text-muted-foreground line-through',
            )}
          >
            {action.title}
          </span>
          {action.required ? null : <Badge tone="slate">Optional</Badge>}
          {action.overdue ? (
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-danger-text">
              <AlertTriangle aria-hidden="true" className="size-3.5" />
              Overdue
            </span>
          ) : null}
          {update.isPending ? <Spinner className="size-3.5 text-primary" /> : null}
          {editing ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit ${action.title}`}
              onClick={() => setEditingWording(true)}
              className="ml-auto h-7 px-2"
            >
              <Pencil aria-hidden="true" className="size-3.5" />
            </Button>
          ) : null}
        </div>
        {action.description ? (
          <p className="text-xs text-muted-foreground">{action.description}</p>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <Labelled label="Status" control={working}>
            {working ? (
              <Select
                label={`Status of ${action.title}`}
                value={status}
                onValueChange={(value) => setStatus(value as ActionStatus)}
                options={STATUS_OPTIONS}
                disabled={update.isPending}
                className="h-8 w-36"
              />
            ) : (
              <span className="text-sm text-foreground">{ACTION_STATUS_LABELS[status]}</span>
            )}
          </Labelled>
          <Labelled label="Assignee" control={editing && memberOptions !== null}>
            {editing && memberOptions ? (
              <Select
                label={`Assignee of ${action.title}`}
                value={action.assignee?.id ?? NOBODY}
                onValueChange={(value) => save({ assigneeId: fromMemberOption(value) })}
                options={withPerson(memberOptions, action.assignee)}
                disabled={update.isPending}
                className="h-8 w-56"
              />
            ) : (
              <span className="text-sm text-foreground">{personName(action.assignee)}</span>
            )}
          </Labelled>
          <Labelled label="Due" control={editing}>
            {editing ? (
              <InstantInput
                label={`Due date of ${action.title}`}
                value={action.dueAt}
                pending={update.isPending}
                onSave={(dueAt) => save({ dueAt })}
                className={cn('h-8 w-52', action.overdue && 'border-danger-text')}
              />
            ) : (
              <span
                className={cn('text-sm', action.overdue ? 'text-danger-text' : 'text-foreground')}
              >
                {action.dueAt ? formatDateTime(action.dueAt) : 'No due date'}
              </span>
            )}
          </Labelled>
        </div>
        {action.status === 'BLOCKED' && action.blockedReason ? (
          <p className="text-sm text-foreground">
            <span className="font-medium">Blocked:</span> {action.blockedReason}
          </p>
        ) : null}
        {done && action.doneAt ? (
          <p className="inline-flex items-center gap-1.5 text-xs text-success-text">
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
            Done by {personName(action.doneBy)} on {formatDateTime(action.doneAt)}
          </p>
        ) : null}
        <Notes
          action={action}
          editable={working}
          pending={update.isPending}
          onSave={(notes) => save({ notes })}
        />
      </div>
      {editingWording ? (
        <EditActionDialog
          action={action}
          pending={update.isPending}
          onCancel={() => setEditingWording(false)}
          onSave={(change) => {
            setEditingWording(false);
            save(change);
          }}
        />
      ) : null}
      {askingReason ? (
        <BlockedReasonDialog
          title={action.title}
          onCancel={() => setAskingReason(false)}
          onConfirm={(blockedReason) => {
            setAskingReason(false);
            save({ status: 'BLOCKED', blockedReason });
          }}
        />
      ) : null}
    </li>
  );
}
