import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { Switch } from '@/components/ui/Switch';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AlertEndpointCreate,
  ENDPOINT_KINDS,
  SLACK_POST_MESSAGE_URL,
  type AlertEndpoint,
  type AlertEndpointInput,
} from '@meridian/contracts';
import { useId } from 'react';
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
    defaultValues: {
      kind: 'WEBHOOK',
      name: '',
      url: '',
      minSeverity: 'LOW',
      minPriority: null,
      slackApp: null,
    },
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const slackApp = useWatch({ control: form.control, name: 'slackApp' });
  const asApp = kind === 'SLACK' && slackApp !== null && slackApp !== undefined;
  const appSwitchId = useId();
  // A Slack app posts through Slack's API method; an incoming webhook has its own address.
  const postAsApp = (on: boolean) => {
    form.setValue('slackApp', on ? { botToken: '', channel: '' } : null);
    const url = form.getValues('url');
    if (on && !url) form.setValue('url', SLACK_POST_MESSAGE_URL);
    if (!on && url === SLACK_POST_MESSAGE_URL) form.setValue('url', '');
  };
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
              onValueChange={(value) => {
                field.onChange(value);
                if (value !== 'SLACK' && form.getValues('slackApp')) postAsApp(false);
              }}
              options={ENDPOINT_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
              className="w-full"
            />
          )}
        />
      </FormField>
      <FormField label="Name" error={errors.name?.message}>
        <Input required placeholder="e.g. Operations channel" {...form.register('name')} />
      </FormField>
      {kind === 'SLACK' ? (
        <div className="flex items-start gap-3 sm:col-span-2">
          <Switch
            id={appSwitchId}
            checked={asApp}
            onCheckedChange={postAsApp}
            aria-describedby={`${appSwitchId}-hint`}
          />
          <div className="text-sm">
            <label htmlFor={appSwitchId} className="font-medium text-foreground">
              Post as a Slack app
            </label>
            <p id={`${appSwitchId}-hint`} className="text-muted-foreground">
              Everything about one incident stays in one thread. Needs the app&apos;s bot token
              (chat:write scope), and the app invited to the channel.
            </p>
          </div>
        </div>
      ) : null}
      {asApp ? (
        <>
          <FormField label="Bot token" error={errors.slackApp?.botToken?.message}>
            <Input
              required
              type="password"
              autoComplete="off"
              placeholder="xoxb-…"
              {...form.register('slackApp.botToken')}
            />
          </FormField>
          <FormField
            label="Channel ID"
            error={errors.slackApp?.channel?.message}
            hint="In Slack: the channel's details, at the bottom (C0123ABCDE)."
          >
            <Input required placeholder="C0123ABCDE" {...form.register('slackApp.channel')} />
          </FormField>
        </>
      ) : null}
      <FormField
        label="URL"
        error={errors.url?.message}
        hint={
          kind === 'WEBHOOK'
            ? 'Meridian posts each alert as JSON to this address.'
            : asApp
              ? "Slack's chat.postMessage method (another host only for Slack GovSlack)."
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
