import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth';
import { fromLocalInput } from '@/utils/datetime-local';
import type { ReadIncident } from '@/lib/readers';
import { PLAN_LIMITS, type Plan } from '@meridian/contracts';
import { INCIDENT_TYPE_LABELS } from '@meridian/contracts/constants';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useCreatePlan } from '../api/create-plan';
import { useTemplates } from '../api/templates';
import { fromMemberOption, NOBODY, useMemberOptions } from '../hooks/use-member-options';
import { BLANK_PLAN_NAME, rankTemplates } from '../utils/plan-display';

/** The Select value of "Blank plan". */
const BLANK = 'BLANK';

function LabelledSelect({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span aria-hidden="true" className="text-sm font-medium text-foreground">
        {label}
      </span>
      {children}
    </div>
  );
}

/**
 * "+ Create Plan": for which event, from which template (those made for the event's type
 * first) or blank, its name, owner and target completion.
 */
export function CreatePlanDialog({
  incidents,
  defaultIncidentId,
  onClose,
  onCreated,
}: {
  incidents: readonly ReadIncident[];
  defaultIncidentId: string | null;
  onClose: () => void;
  onCreated: (plan: Plan) => void;
}) {
  const { user } = useAuth();
  const create = useCreatePlan();
  const templates = useTemplates({ enabled: true });
  const memberOptions = useMemberOptions({ enabled: true });
  const [incidentId, setIncidentId] = useState(defaultIncidentId ?? incidents[0]?.id ?? '');
  /** null: the suggestion for the event (its type's first template, else blank). */
  const [templateChoice, setTemplateChoice] = useState<string | null>(null);
  /** null: the template's name. */
  const [nameChoice, setNameChoice] = useState<string | null>(null);
  const [owner, setOwner] = useState(user?.id ?? NOBODY);
  const [target, setTarget] = useState('');
  const [draft, setDraft] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();

  const incident = incidents.find((candidate) => candidate.id === incidentId);
  const ranked = rankTemplates(templates.data ?? [], incident?.type);
  const suggested = ranked[0]?.fits ? ranked[0].template.id : BLANK;
  const templateId = templateChoice ?? suggested;
  const template = ranked.find((entry) => entry.template.id === templateId)?.template;
  const name = nameChoice ?? template?.name ?? BLANK_PLAN_NAME;
  const typeLabel = incident?.type ? INCIDENT_TYPE_LABELS[incident.type] : null;
  const templateOptions = [
    ...ranked.map(({ template: { id, name: templateName }, fits }) => ({
      value: id,
      label: fits && typeLabel ? `${templateName} (fits ${typeLabel})` : templateName,
    })),
    { value: BLANK, label: 'Blank plan' },
  ];
  const lastOffset = template
    ? Math.max(0, ...template.actions.map((action) => action.dueOffsetHours))
    : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name the plan');
      return;
    }
    create.mutate(
      {
        incidentId,
        templateId: templateId === BLANK ? null : templateId,
        name: name.trim(),
        ownerId: fromMemberOption(owner),
        targetAt: fromLocalInput(target),
        status: draft ? 'DRAFT' : 'ACTIVE',
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Create a response plan"
      description="Start from a template of your organization, or blank to add actions one by one."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="New plan">
        {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
        {templates.isError ? <Alert tone="error">{templates.error.message}</Alert> : null}
        <LabelledSelect label="Event">
          <Select
            label="Event"
            value={incidentId}
            onValueChange={(value) => {
              setIncidentId(value);
              setTemplateChoice(null);
            }}
            options={incidents.map((candidate) => ({
              value: candidate.id,
              label: candidate.title,
            }))}
            className="h-10 w-full"
          />
        </LabelledSelect>
        <LabelledSelect label="Template">
          <Select
            label="Template"
            value={templateId}
            onValueChange={setTemplateChoice}
            options={templateOptions}
            disabled={templates.isPending}
            className="h-10 w-full"
          />
          <p className="text-xs text-muted-foreground">
            {template
              ? `${template.actions.length} ${template.actions.length === 1 ? 'action' : 'actions'}, due within ${lastOffset} hours of the start.`
              : 'No actions yet: add them to the plan once it is created.'}
          </p>
        </LabelledSelect>
        <FormField label="Name" error={nameError}>
          <Input
            required
            maxLength={PLAN_LIMITS.name}
            value={name}
            onChange={(event) => {
              setNameChoice(event.target.value);
              setNameError(undefined);
            }}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <LabelledSelect label="Owner">
            <Select
              label="Owner"
              value={owner}
              onValueChange={setOwner}
              options={memberOptions ?? [{ value: owner, label: 'Loading members…' }]}
              disabled={!memberOptions}
              className="h-10 w-full"
            />
          </LabelledSelect>
          <FormField label="Target completion" optional>
            <Input
              type="datetime-local"
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            />
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm text-foreground">
          <input
            type="checkbox"
            checked={draft}
            onChange={(event) => setDraft(event.target.checked)}
            className="size-4 accent-primary"
          />
          Save as a draft (activate it later)
        </label>
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || !incidentId}>
            {create.isPending ? <Spinner className="size-4" /> : null}
            Create plan
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
