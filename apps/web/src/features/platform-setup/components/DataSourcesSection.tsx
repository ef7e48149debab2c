import { ConfirmRemoval } from '@/components/ConfirmRemoval';
import { QueryState } from '@/components/QueryState';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { Switch } from '@/components/ui/Switch';
import { Table } from '@/components/ui/Table';
import { relativeTime } from '@/lib/relative-time';
import {
  DEFAULT_NEWS_RULES,
  SOURCE_KINDS,
  SourceCreate,
  type Source,
  type SourceKind,
} from '@meridian/contracts';
import { ListFilter, Plus, RadioTower, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useAddSource } from '../api/add-source';
import { useDeleteSource } from '../api/delete-source';
import { useSources } from '../api/get-sources';
import { usePollSource } from '../api/poll-source';
import { useUpdateSource } from '../api/update-source';
import { NewsRulesDialog, RULES_HINT, rulesTextareaClasses } from './NewsRulesDialog';
import { rulesToText, textToRules } from './news-rules';

const KIND_LABELS: Record<SourceKind, string> = {
  USGS: 'USGS earthquakes (GeoJSON)',
  EMSC: 'EMSC earthquakes (FDSN event JSON)',
  NHC: 'NOAA hurricanes (NHC CurrentStorms.json)',
  GDACS: 'GDACS disasters (GeoJSON)',
  NWS: 'NWS alerts (CAP as GeoJSON)',
  EONET: 'NASA EONET events (GeoJSON)',
  CAP: 'Any CAP 1.2 alerts (XML, Atom or RSS)',
  GEOJSON: 'Any GeoJSON events',
  RSS: 'Any geotagged RSS or Atom feed',
  NEWS: 'News (RSS or Atom) by keyword rules',
};

/** How a source is doing, in one word and a colour. */
function health(source: Source): { label: string; tone: BadgeTone } {
  if (!source.enabled) return { label: 'Paused', tone: 'slate' };
  if (source.failures > 0) {
    return { label: `Failing (${source.failures}×)`, tone: 'red' };
  }
  if (!source.lastSuccessAt) return { label: 'Waiting', tone: 'blue' };
  return { label: 'Healthy', tone: 'green' };
}

const minutes = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);

function SourceRow({ source, onDelete }: { source: Source; onDelete: (source: Source) => void }) {
  const update = useUpdateSource();
  const poll = usePollSource();
  const [editingRules, setEditingRules] = useState(false);
  const state = health(source);
  return (
    <tr className="border-b border-border align-top last:border-0">
      <th scope="row" className="py-3 pr-3 text-left font-normal">
        <span className="block font-medium text-foreground">{source.name}</span>
        <span className="block text-xs text-muted-foreground">
          {source.kind} · every {minutes(source.intervalSeconds)}
          {source.rules ? ` · ${source.rules.length} keyword rules` : ''}
        </span>
        <span
          className="block max-w-[22rem] truncate text-xs text-muted-foreground"
          title={source.url}
        >
          {source.url}
        </span>
      </th>
      <td className="py-3 pr-3">
        <Badge tone={state.tone}>{state.label}</Badge>
        {source.lastError && source.failures > 0 ? (
          <p className="mt-1 max-w-[18rem] text-xs text-danger-text" role="note">
            {source.lastError}
            {source.lastErrorAt ? ` · ${relativeTime(source.lastErrorAt)}` : ''}
          </p>
        ) : null}
      </td>
      <td className="py-3 pr-3 text-sm whitespace-nowrap text-muted-foreground">
        {source.lastSuccessAt ? relativeTime(source.lastSuccessAt) : 'Never'}
        {source.enabled ? (
          <span className="block text-xs">next {relativeTime(source.nextPollAt)}</span>
        ) : null}
      </td>
      <td className="py-3 pr-3 text-sm whitespace-nowrap text-muted-foreground tabular-nums">
        {source.itemCount} in feed
        {source.skippedCount > 0 ? (
          <span
            className="block text-xs"
            title="Items of the last document left out: not placed (no position or area), or not actual alerts (tests, exercises)"
          >
            {source.skippedCount} skipped
          </span>
        ) : null}
        <span className="block text-xs">{source.incidentCount} incidents</span>
      </td>
      <td className="py-3">
        <div className="flex items-center justify-end gap-2">
          {source.rules ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setEditingRules(true)}
              aria-label={`Rules of ${source.name}`}
            >
              <ListFilter aria-hidden="true" className="size-3.5" />
              Rules
            </Button>
          ) : null}
          <Switch
            aria-label={`Scheduled polls of ${source.name}`}
            checked={source.enabled}
            disabled={update.isPending}
            onCheckedChange={(enabled) => update.mutate({ id: source.id, change: { enabled } })}
          />
          <Button
            size="sm"
            variant="secondary"
            disabled={!source.enabled || poll.isPending}
            onClick={() => poll.mutate(source.id)}
            aria-label={`Poll now: ${source.name}`}
          >
            <RefreshCw aria-hidden="true" className="size-3.5" />
            Poll now
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Remove ${source.name}`}
            onClick={() => onDelete(source)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
        {editingRules ? (
          <NewsRulesDialog source={source} onClose={() => setEditingRules(false)} />
        ) : null}
      </td>
    </tr>
  );
}

type AddValues = {
  kind: SourceKind;
  name: string;
  url: string;
  intervalMinutes: number;
  rules: string;
};

function AddSourceForm({ onDone }: { onDone: () => void }) {
  const add = useAddSource();
  const form = useForm<AddValues>({
    defaultValues: {
      kind: 'USGS',
      name: '',
      url: '',
      intervalMinutes: 5,
      rules: rulesToText(DEFAULT_NEWS_RULES),
    },
  });
  const { errors } = form.formState;
  const news = useWatch({ control: form.control, name: 'kind' }) === 'NEWS';
  const submit = form.handleSubmit(async (values) => {
    const rules = values.kind === 'NEWS' ? textToRules(values.rules) : null;
    if (rules && 'error' in rules) {
      form.setError('rules', { message: rules.error });
      return;
    }
    const input = SourceCreate.safeParse({
      kind: values.kind,
      name: values.name,
      url: values.url,
      intervalSeconds: Math.round(Number(values.intervalMinutes) * 60),
      ...(rules ? { rules: rules.rules } : {}),
    });
    if (!input.success) {
      for (const issue of input.error.issues) {
        const field = issue.path[0] === 'intervalSeconds' ? 'intervalMinutes' : issue.path[0];
        // A rule's problem is shown on the rules, with the rule's line.
        if (field === 'rules' && typeof issue.path[1] === 'number') {
          form.setError('rules', { message: `Line ${issue.path[1] + 1}: ${issue.message}` });
          continue;
        }
        form.setError(field as keyof AddValues, { message: issue.message });
      }
      return;
    }
    await add.mutateAsync(input.data).then(onDone, () => undefined);
  });
  return (
    <form
      noValidate
      aria-label="Add a data source"
      onSubmit={submit}
      className="grid gap-3 rounded-md border border-border bg-background/40 p-4 sm:grid-cols-2"
    >
      <FormField label="Feed type">
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Select
              label="Feed type"
              value={field.value}
              onValueChange={field.onChange}
              options={SOURCE_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
              className="w-full"
            />
          )}
        />
      </FormField>
      <FormField label="Name" error={errors.name?.message}>
        <Input required placeholder="e.g. USGS significant, past week" {...form.register('name')} />
      </FormField>
      <FormField label="Feed URL" error={errors.url?.message}>
        <Input required type="url" placeholder="https://" {...form.register('url')} />
      </FormField>
      <FormField label="Poll every (minutes)" error={errors.intervalMinutes?.message}>
        <Input type="number" min={1} {...form.register('intervalMinutes')} />
      </FormField>
      {news ? (
        <div className="sm:col-span-2">
          <FormField label="Keyword rules" error={errors.rules?.message} hint={RULES_HINT}>
            <textarea
              rows={6}
              spellCheck={false}
              className={rulesTextareaClasses}
              {...form.register('rules')}
            />
          </FormField>
        </div>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          Add data source
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The hazard feeds Meridian polls, for platform admins: health at a glance (the last success,
 * the last error, what the feed holds), pause and resume, poll now, add and remove.
 */
export function DataSourcesSection() {
  const sources = useSources();
  const remove = useDeleteSource();
  const [adding, setAdding] = useState(false);
  const [doomed, setDoomed] = useState<Source | null>(null);
  return (
    <SettingsSection
      title="Data sources"
      description="Public hazard feeds that become global incidents. Only platform admins see this."
      Icon={RadioTower}
      actions={
        adding ? null : (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-3.5" />
            Add data source
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-4 px-4 py-4 sm:px-6">
        {adding ? <AddSourceForm onDone={() => setAdding(false)} /> : null}
        <QueryState query={sources} loadingLabel="Loading data sources...">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No data sources. Add one, or set FEEDS when starting the server.
              </p>
            ) : (
              <Table
                columns={[
                  'Source',
                  'Health',
                  'Last success',
                  'Items',
                  { label: 'Actions', srOnly: true },
                ]}
                caption="Data sources"
                scrollLabel="Data sources"
                look="ruled"
                tableClassName="min-w-[46rem]"
              >
                {list.map((source) => (
                  <SourceRow key={source.id} source={source} onDelete={setDoomed} />
                ))}
              </Table>
            )
          }
        </QueryState>
      </div>
      <ConfirmRemoval
        item={doomed}
        onClose={() => setDoomed(null)}
        title="Remove data source?"
        description={(source) =>
          `${source.name} will no longer be polled. The incidents it reported stay.`
        }
        confirmLabel="Remove"
        onConfirm={(source) => remove.mutate(source)}
      />
    </SettingsSection>
  );
}
