import { ADMIN_ROLE_LABELS } from '@/components/RoleBadge';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { cn } from '@/utils/cn';
import {
  ADMIN_ROLES,
  PLAN_LIMITS,
  type AdminRole,
  type IncidentType,
  type PlanTemplate,
  type PlanTemplateInput,
} from '@meridian/contracts';
import { INCIDENT_TYPES, INCIDENT_TYPE_LABELS } from '@meridian/contracts/constants';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useDeleteTemplate, useSaveTemplate, useTemplates } from '../api/templates';

type ActionValues = {
  /** Keeps a row's fields with it as rows above it are removed. */
  key: number;
  title: string;
  description: string | null;
  /** '' for no default owner (a select's value). */
  ownerRole: AdminRole | '';
  /** Kept as it was: the editor does not choose members. */
  ownerId: string | null;
  /** As typed; a number of hours once valid. */
  dueOffsetHours: string;
  required: boolean;
};
type TemplateValues = { name: string; incidentTypes: IncidentType[]; actions: ActionValues[] };
type TemplateErrors = {
  name?: string;
  titles: Record<number, string>;
  hours: Record<number, string>;
};

const NEW = 'NEW';
let rowKeys = 0;
const blankAction = (): ActionValues => ({
  key: rowKeys++,
  title: '',
  description: null,
  ownerRole: '',
  ownerId: null,
  dueOffsetHours: '24',
  required: true,
});

const valuesOf = (template: PlanTemplate | null): TemplateValues =>
  template
    ? {
        name: template.name,
        incidentTypes: [...template.incidentTypes],
        actions: template.actions.map((action) => ({
          ...action,
          key: rowKeys++,
          ownerRole: action.ownerRole ?? '',
          dueOffsetHours: String(action.dueOffsetHours),
        })),
      }
    : { name: '', incidentTypes: [], actions: [blankAction()] };

const hoursOf = (text: string): number | null => {
  const hours = Number(text);
  return text.trim() !== '' &&
    Number.isFinite(hours) &&
    hours >= 0 &&
    hours <= PLAN_LIMITS.offsetHoursMax
    ? hours
    : null;
};

/** What keeps the template from being saved (the server checks the same, and more). */
const errorsOf = (values: TemplateValues): TemplateErrors => {
  const errors: TemplateErrors = { titles: {}, hours: {} };
  if (!values.name.trim()) errors.name = 'Name the template';
  for (const action of values.actions) {
    if (!action.title.trim()) errors.titles[action.key] = 'Say what to do';
    if (hoursOf(action.dueOffsetHours) === null)
      errors.hours[action.key] = `0 to ${PLAN_LIMITS.offsetHoursMax} hours`;
  }
  return errors;
};
const hasErrors = (errors: TemplateErrors) =>
  Boolean(errors.name) ||
  Object.keys(errors.titles).length > 0 ||
  Object.keys(errors.hours).length > 0;

const inputOf = (values: TemplateValues): PlanTemplateInput => ({
  name: values.name.trim(),
  incidentTypes: values.incidentTypes,
  actions: values.actions.map((action) => ({
    title: action.title.trim(),
    description: action.description?.trim() || null,
    ownerRole: action.ownerRole || null,
    ownerId: action.ownerId,
    dueOffsetHours: hoursOf(action.dueOffsetHours) ?? 0,
    required: action.required,
  })),
});

const controlClasses =
  'h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

function TemplateEditor({
  template,
  onSaved,
  onRemoved,
}: {
  template: PlanTemplate | null;
  onSaved: (template: PlanTemplate) => void;
  onRemoved: () => void;
}) {
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [values, setValues] = useState(() => valuesOf(template));
  const [errors, setErrors] = useState<TemplateErrors>({ titles: {}, hours: {} });
  const setAction = (key: number, change: Partial<ActionValues>) =>
    setValues((current) => ({
      ...current,
      actions: current.actions.map((action) =>
        action.key === key ? { ...action, ...change } : action,
      ),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = errorsOf(values);
    setErrors(found);
    if (hasErrors(found)) return;
    save.mutate(
      { id: template?.id ?? null, input: inputOf(values) },
      { onSuccess: (saved) => onSaved(saved) },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={template ? `Template ${template.name}` : 'New template'}
      className="flex min-w-0 flex-1 flex-col gap-4"
    >
      {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
      <FormField label="Name" error={errors.name}>
        <Input
          maxLength={PLAN_LIMITS.name}
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-foreground">
          Fits incident types{' '}
          <span className="font-normal text-muted-foreground">(none: any type)</span>
        </legend>
        <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {INCIDENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-foreground">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={values.incidentTypes.includes(type)}
                onChange={(event) =>
                  setValues({
                    ...values,
                    incidentTypes: event.target.checked
                      ? [...values.incidentTypes, type]
                      : values.incidentTypes.filter((known) => known !== type),
                  })
                }
              />
              {INCIDENT_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-foreground">Actions</legend>
        <ol className="flex flex-col gap-2">
          {values.actions.map((action, index) => {
            const number = index + 1;
            const titleError = errors.titles[action.key];
            const hoursError = errors.hours[action.key];
            return (
              <li
                key={action.key}
                className="flex flex-wrap items-start gap-2 rounded-md border border-border p-2"
              >
                <div className="flex min-w-48 flex-1 flex-col gap-1">
                  <Input
                    aria-label={`Title of action ${number}`}
                    aria-invalid={titleError ? true : undefined}
                    placeholder="What to do"
                    maxLength={PLAN_LIMITS.title}
                    className="h-9"
                    value={action.title}
                    onChange={(event) => setAction(action.key, { title: event.target.value })}
                  />
                  {titleError ? <p className="text-xs text-danger-text">{titleError}</p> : null}
                </div>
                <label className="flex flex-col gap-1 text-xs text-muted-foreground">
                  <span className="sr-only">Action {number}: </span>Due after (hours)
                  <input
                    type="number"
                    min={0}
                    max={PLAN_LIMITS.offsetHoursMax}
                    aria-invalid={hoursError ? true : undefined}
                    className={cn(controlClasses, 'w-28')}
                    value={action.dueOffsetHours}
                    onChange={(event) =>
                      setAction(action.key, { dueOffsetHours: event.target.value })
                    }
                  />
                  {hoursError ? <span className="text-danger-text">{hoursError}</span> : null}
                </label>
                <label className="flex flex-col gap-1 text-xs text-muted-foreground">
                  <span className="sr-only">Action {number}: </span>Default owner
                  <select
                    className={cn(controlClasses, 'w-36')}
                    value={action.ownerRole}
                    onChange={(event) =>
                      setAction(action.key, { ownerRole: event.target.value as AdminRole | '' })
                    }
                  >
                    <option value="">Nobody</option>
                    {ADMIN_ROLES.map((role) => (
                      <option key={role} value={role}>
                        First {ADMIN_ROLE_LABELS[role].toLowerCase()}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="flex items-center gap-2 self-center text-sm text-foreground">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={action.required}
                    onChange={(event) => setAction(action.key, { required: event.target.checked })}
                  />
                  Required<span className="sr-only"> (action {number})</span>
                </label>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove action ${number}`}
                  disabled={values.actions.length === 1}
                  onClick={() =>
                    setValues({
                      ...values,
                      actions: values.actions.filter((known) => known.key !== action.key),
                    })
                  }
                  className="self-center"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            );
          })}
        </ol>
        <Button
          size="sm"
          variant="secondary"
          className="self-start"
          disabled={values.actions.length >= PLAN_LIMITS.actions}
          onClick={() => setValues({ ...values, actions: [...values.actions, blankAction()] })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a step
        </Button>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-between">
        {template ? (
          <Button variant="destructive" onClick={() => setConfirmRemove(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove template
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4" /> : null}
          Save template
        </Button>
      </div>
      {template ? (
        <ConfirmDialog
          open={confirmRemove}
          onOpenChange={setConfirmRemove}
          title={`Remove “${template.name}”?`}
          description="Plans made from it keep their actions."
          confirmLabel="Remove"
          confirmVariant="destructive"
          onConfirm={() => remove.mutate(template, { onSuccess: onRemoved })}
        />
      ) : null}
    </form>
  );
}

/** The organization's plan templates: list, edit, add, remove (managers and admins). */
export function TemplatesDialog({ onClose }: { onClose: () => void }) {
  const templates = useTemplates({ enabled: true });
  const [chosen, setChosen] = useState<string | null>(null);
  const list = templates.data ?? [];
  const selectedId = chosen === NEW ? NEW : (list.find((t) => t.id === chosen) ?? list[0])?.id;
  const selected = list.find((template) => template.id === selectedId) ?? null;

  return (
    <Dialog
      open
      size="xl"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Plan templates"
      description="New plans copy a template's steps, each due so many hours after the plan starts."
    >
      {templates.isPending ? (
        <SectionSpinner label="Loading templates..." />
      ) : templates.isError ? (
        <Alert tone="error">{templates.error.message}</Alert>
      ) : (
        <div className="flex flex-col gap-4 md:flex-row">
          <nav aria-label="Templates" className="flex flex-col gap-1 md:w-56 md:shrink-0">
            {list.map((template) => (
              <button
                key={template.id}
                type="button"
                aria-pressed={template.id === selectedId}
                onClick={() => setChosen(template.id)}
                className={cn(
                  'rounded-md px-3 py-2 text-left text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  template.id === selectedId
                    ? 'bg-primary/10 font-medium text-foreground dark:bg-primary/15'
                    : 'text-foreground hover:bg-surface-hover',
                )}
              >
                {template.name}
                <span className="block text-xs text-muted-foreground">
                  {template.actions.length} {template.actions.length === 1 ? 'step' : 'steps'}
                </span>
              </button>
            ))}
            <Button
              size="sm"
              variant="secondary"
              aria-pressed={selectedId === NEW}
              className="mt-2 self-start"
              onClick={() => setChosen(NEW)}
            >
              <Plus aria-hidden="true" className="size-4" />
              New template
            </Button>
          </nav>
          <TemplateEditor
            key={selectedId ?? NEW}
            template={selectedId === NEW ? null : selected}
            onSaved={(saved) => setChosen(saved.id)}
            onRemoved={() => setChosen(null)}
          />
        </div>
      )}
    </Dialog>
  );
}
