import { CopyableLink } from '@/components/CopyableLink';
import { ConfirmRemoval } from '@/components/ConfirmRemoval';
import { QueryState } from '@/components/QueryState';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Table } from '@/components/ui/Table';
import { relativeTime } from '@/lib/relative-time';
import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_LIMITS, ApiKeyCreate, type ApiKey } from '@meridian/contracts';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import * as WEB_MESSAGES from '@/config/messages';

type Created = { name: string; secret: string };

/** The form's networks are one text field: addresses or ranges split at commas and spaces. */
const CreateKeyInput = ApiKeyCreate.pick({ name: true }).extend({ networks: z.string() });
type CreateKeyInput = z.infer<typeof CreateKeyInput>;
const networksOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

function CreateKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: Created) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiKey();
  const form = useForm<CreateKeyInput>({
    resolver: zodResolver(CreateKeyInput),
    defaultValues: { name: '', networks: '' },
  });
  const submit = form.handleSubmit(({ name, networks }) =>
    create
      .mutateAsync({ name, allowedNetworks: networksOf(networks) })
      .then(({ apiKey, secret }) => onCreated({ name: apiKey.name, secret }))
      .catch(() => undefined),
  );
  return (
    <form
      noValidate
      aria-label="Create an API key"
      onSubmit={submit}
      className="flex flex-wrap items-start gap-3 rounded-md border border-border bg-background/40 p-4"
    >
      <div className="min-w-64 flex-1">
        <FormField label="Key name" error={form.formState.errors.name?.message}>
          <Input required placeholder="e.g. Warehouse system" {...form.register('name')} />
        </FormField>
      </div>
      <div className="min-w-64 flex-1">
        <FormField
          label="Allowed networks"
          optional
          hint="Addresses or CIDR ranges, separated by commas. Empty: wherever your organization allows."
        >
          <Input placeholder="e.g. 203.0.113.0/24" {...form.register('networks')} />
        </FormField>
      </div>
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" disabled={create.isPending}>
          Create key
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return (
    <tr className="border-b border-border last:border-0">
      <th scope="row" className="py-3 pr-3 text-left font-medium text-foreground">
        {apiKey.name}
        <span className="block font-mono text-xs font-normal text-muted-foreground">
          {apiKey.prefix}…
        </span>
        {apiKey.allowedNetworks?.length ? (
          <span className="block text-xs font-normal text-muted-foreground">
            From {apiKey.allowedNetworks.join(', ')}
          </span>
        ) : null}
      </th>
      <td className="py-3 pr-3 text-sm text-muted-foreground">
        {relativeTime(apiKey.createdAt)}
        {apiKey.createdBy ? <span className="block text-xs">by {apiKey.createdBy}</span> : null}
      </td>
      <td className="py-3 pr-3 text-sm whitespace-nowrap text-muted-foreground">
        {apiKey.lastUsedAt ? relativeTime(apiKey.lastUsedAt) : 'Never'}
      </td>
      <td className="py-3 pr-3">
        {apiKey.revokedAt ? (
          <Badge tone="slate">Revoked</Badge>
        ) : (
          <Badge tone="green">Active</Badge>
        )}
      </td>
      <td className="py-3 text-right">
        {apiKey.revokedAt ? null : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onRevoke(apiKey)}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * The keys an organization's own systems push incidents with (POST /api/ingest/incidents).
 * A new key is shown once; the list shows only its first characters.
 */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [doomed, setDoomed] = useState<ApiKey | null>(null);
  return (
    <SettingsSection
      title="API keys"
      description={`Your systems push incidents to POST /api/ingest/incidents with a key (up to ${API_KEY_LIMITS.batch} a request, the same externalId updates the same incident).`}
      Icon={KeyRound}
      actions={
        creating ? null : (
          <Button
            size="sm"
            onClick={() => {
              setCreated(null);
              setCreating(true);
            }}
          >
            <Plus aria-hidden="true" className="size-3.5" />
            Create API key
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-4 px-4 py-4 sm:px-6">
        {creating ? (
          <CreateKeyForm
            onCreated={(key) => {
              setCreated(key);
              setCreating(false);
            }}
            onCancel={() => setCreating(false)}
          />
        ) : null}
        {created ? (
          <Alert tone="success">
            <p className="mb-2 font-medium">Copy the key now: it is not shown again.</p>
            <CopyableLink
              label={`API key ${created.name}`}
              url={created.secret}
              copiedMessage={WEB_MESSAGES.apiKey.copied}
              copyLabel="Copy key"
            />
          </Alert>
        ) : null}
        <QueryState query={keys} loadingLabel="Loading API keys...">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted-foreground">No API keys yet.</p>
            ) : (
              <Table
                columns={[
                  'Key',
                  'Created',
                  'Last used',
                  'Status',
                  { label: 'Actions', srOnly: true },
                ]}
                caption="API keys"
                scrollLabel="API keys"
                look="ruled"
                tableClassName="min-w-[36rem]"
              >
                {list.map((apiKey) => (
                  <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setDoomed} />
                ))}
              </Table>
            )
          }
        </QueryState>
      </div>
      <ConfirmRemoval
        item={doomed}
        onClose={() => setDoomed(null)}
        title="Revoke API key?"
        description={(key) =>
          `${key.name} stops working at once. Systems using it must get a new key.`
        }
        confirmLabel="Revoke"
        onConfirm={(key) => revoke.mutate(key)}
      />
    </SettingsSection>
  );
}
