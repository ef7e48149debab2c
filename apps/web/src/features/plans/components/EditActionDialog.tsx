import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { PLAN_LIMITS, type ActionUpdate, type PlanAction } from '@meridian/contracts';
import { useState, type FormEvent } from 'react';

type Wording = Pick<ActionUpdate, 'title' | 'description' | 'required'>;

const textareaClasses =
  'w-full rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** What an action asks for: its title, its description, and whether the plan needs it done. */
export function EditActionDialog({
  action,
  pending,
  onCancel,
  onSave,
}: {
  action: PlanAction;
  pending: boolean;
  onCancel: () => void;
  onSave: (change: Wording) => void;
}) {
  const [title, setTitle] = useState(action.title);
  const [description, setDescription] = useState(action.description ?? '');
  const [required, setRequired] = useState(action.required);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError('Give the action a title');
      return;
    }
    const change: Wording = {};
    if (title.trim() !== action.title) change.title = title.trim();
    if ((description.trim() || null) !== (action.description ?? null))
      change.description = description.trim() || null;
    if (required !== action.required) change.required = required;
    if (Object.keys(change).length === 0) onCancel();
    else onSave(change);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title="Edit action"
      description={action.title}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label="Title" error={error}>
          <Input
            value={title}
            maxLength={PLAN_LIMITS.title}
            onChange={(event) => {
              setTitle(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <FormField label="Description">
          <textarea
            rows={4}
            maxLength={PLAN_LIMITS.description}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            className={textareaClasses}
          />
        </FormField>
        <label className="flex items-start gap-2 text-sm text-foreground">
          <input
            type="checkbox"
            checked={required}
            onChange={(event) => setRequired(event.target.checked)}
            className="mt-0.5 size-4 accent-primary"
          />
          <span>
            Required
            <span className="block text-xs text-muted-foreground">
              The plan cannot be completed while a required action is open.
            </span>
          </span>
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Save action
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
