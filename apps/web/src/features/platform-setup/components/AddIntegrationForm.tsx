import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AlertEndpointCreate,
  ENDPOINT_KINDS,
  type AlertEndpoint,
  type AlertEndpointInput,
} from '@meridian/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useAddIntegration } from '../api/add-integration';
import {
  ANY_PRIORITY,
  KIND_LABELS,
  minPriorityOf,
  PRIORITY_THRESHOLD_OPTIONS,
  THRESHOLD_OPTIONS,
  URL_PLACEHOLDERS,
} from './integration-labels';

export type AddedIntegration = { endpoint: AlertEndpoint; secret?: string | undefined };

export function AddIntegrationForm({
  onAdded,
  onCancel,
}: {
  onAdded: (added: AddedIntegration) => void;
  onCancel: () => void;
}) {
  const add = useAddIntegration();
  const form = useForm<AlertEndpointCreate, unknown, AlertEndpointInput>({
    resolver: zodResolver(AlertEndpointCreate),
    defaultValues: { kind: 'WEBHOOK', name: '', url: '', minSeverity: 'LOW', minPriority: null },
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const submit = form.handleSubmit((input) =>
    add.mutateAsync(input).then(
      ({ data }) => onAdded(data),
      () => undefined,
    ),
  );
  return (
    <form
      noValidate
      aria-label="Add an integration"
      onSubmit={submit}
      className="grid gap-3 rounded-md border border-border bg-background/40 p-4 sm:grid-cols-2"
    >
      <FormField label="Type">
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Select
              label="Type"
              value={field.value}
              onValueChange={field.onChange}
              options={ENDPOINT_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
              className="w-full"
            />
          )}
        />
      </FormField>
      <FormField label="Name" error={errors.name?.message}>
        <Input required placeholder="e.g. Operations channel" {...form.register('name')} />
      </FormField>
      <FormField
        label="URL"
        error={errors.url?.message}
        hint={
          kind === 'WEBHOOK'
            ? 'Meridian posts each alert as JSON to this address.'
            : `The incoming webhook address ${KIND_LABELS[kind]} gives you.`
        }
      >
        <Input required type="url" placeholder={URL_PLACEHOLDERS[kind]} {...form.register('url')} />
      </FormField>
      <FormField label="Minimum severity">
        <Controller
          control={form.control}
          name="minSeverity"
          render={({ field }) => (
            <Select
              label="Minimum severity"
              value={field.value}
              onValueChange={field.onChange}
              options={THRESHOLD_OPTIONS}
              className="w-full"
            />
          )}
        />
      </FormField>
      <FormField
        label="Minimum priority"
        hint="The incident's priority for your organization when the alert is raised."
      >
        <Controller
          control={form.control}
          name="minPriority"
          render={({ field }) => (
            <Select
              label="Minimum priority"
              value={field.value ?? ANY_PRIORITY}
              onValueChange={(value) => field.onChange(minPriorityOf(value))}
              options={PRIORITY_THRESHOLD_OPTIONS}
              className="w-full"
            />
          )}
        />
      </FormField>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          Add integration
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
