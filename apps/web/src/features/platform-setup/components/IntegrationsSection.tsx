import { ConfirmRemoval } from '@/components/ConfirmRemoval';
import { CopyableLink } from '@/components/CopyableLink';
import { QueryState } from '@/components/QueryState';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { Switch } from '@/components/ui/Switch';
import { relativeTime } from '@/lib/relative-time';
import type { AlertEndpoint, ChannelHealth, DeliveryChannel, Severity } from '@meridian/contracts';
import {
  History,
  Mail,
  MessageSquareText,
  Plus,
  Send,
  Trash2,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useIntegrations, useRefreshIntegrations } from '../api/get-integrations';
import { useRemoveIntegration } from '../api/remove-integration';
import { useTestIntegration } from '../api/test-integration';
import { useUpdateIntegration } from '../api/update-integration';
import { AddIntegrationForm, type AddedIntegration } from './AddIntegrationForm';
import { DeliveriesDialog } from './DeliveriesDialog';
import {
  ANY_PRIORITY,
  endpointHealth,
  KIND_LABELS,
  minPriorityOf,
  PRIORITY_THRESHOLD_OPTIONS,
  THRESHOLD_OPTIONS,
} from './integration-labels';
import * as WEB_MESSAGES from '@/config/messages';

/** A webhook's signing secret, shown once, with how receivers check a payload. */
function SigningSecret({ name, secret }: { name: string; secret: string }) {
  return (
    <Alert tone="success">
      <p className="mb-2 font-medium">Copy the signing secret now: it is not shown again.</p>
      <CopyableLink
        label={`Signing secret of ${name}`}
        url={secret}
        copiedMessage={WEB_MESSAGES.integration.secretCopied}
        copyLabel="Copy secret"
      />
      <p className="mt-2 text-foreground">
        Each payload is signed with HMAC-SHA256: the <code>X-Meridian-Signature</code> header is{' '}
        <code>sha256=</code> followed by the hex HMAC, keyed with this secret, of{' '}
        <code>{'{X-Meridian-Timestamp}.{body}'}</code>. Recompute it over the raw body and compare;
        refuse old timestamps.
      </p>
    </Alert>
  );
}

type ServerChannel = { label: string; Icon: LucideIcon; missing: string };

/** The channels that are the server's own rather than an endpoint's: how each is doing. */
const SERVER_CHANNELS: Partial<Record<DeliveryChannel, ServerChannel>> = {
  EMAIL: {
    label: 'Email',
    Icon: Mail,
    missing: `${WEB_MESSAGES.integration.smtpMissing}: members get no alert emails until SMTP_URL is set on the server.`,
  },
  SMS: {
    label: 'SMS',
    Icon: MessageSquareText,
    missing: `${WEB_MESSAGES.integration.smsMissing}: members get no alert texts until SMS_URL is set on the server.`,
  },
};

function ChannelHealthRow({
  health,
  channel: { label, Icon, missing },
}: {
  health: ChannelHealth;
  channel: ServerChannel;
}) {
  const badge = !health.configured
    ? { label: 'Not configured', tone: 'slate' as const }
    : health.healthy
      ? { label: 'Healthy', tone: 'green' as const }
      : { label: 'Failing', tone: 'red' as const };
  return (
    <li
      aria-label={`${label} channel`}
      className="flex items-start gap-3 rounded-md border border-border p-3"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
          {label} <Badge tone={badge.tone}>{badge.label}</Badge>
        </p>
        <p className="mt-0.5 text-muted-foreground">
          {health.configured
            ? `${health.delivered} delivered and ${health.failing} failing in the last day.`
            : missing}
        </p>
        {health.lastError && !health.healthy ? (
          <p className="mt-1 text-xs break-words text-danger-text">
            Last error: {health.lastError}
            {health.lastFailureAt ? ` · ${relativeTime(health.lastFailureAt)}` : ''}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function EndpointItem({
  endpoint,
  onDeliveries,
  onRemove,
}: {
  endpoint: AlertEndpoint;
  onDeliveries: (endpoint: AlertEndpoint) => void;
  onRemove: (endpoint: AlertEndpoint) => void;
}) {
  const update = useUpdateIntegration();
  const test = useTestIntegration();
  const health = endpointHealth(endpoint);
  const headingId = useId();
  const lastFailed =
    endpoint.lastFailureAt !== null &&
    (endpoint.lastSuccessAt === null || endpoint.lastFailureAt > endpoint.lastSuccessAt);
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-medium break-words text-foreground">
              {endpoint.name}
            </h3>
            <Badge tone="slate">{KIND_LABELS[endpoint.kind]}</Badge>
            <Badge tone={health.tone}>{health.label}</Badge>
          </div>
          <p className="mt-1 truncate font-mono text-xs text-muted-foreground" title={endpoint.url}>
            {endpoint.url}
          </p>
          {endpoint.slackApp ? (
            <p className="mt-1 text-xs text-muted-foreground">
              Slack app in {endpoint.slackApp.channel} · token …{endpoint.slackApp.tokenEnding} ·
              one thread per incident
            </p>
          ) : null}
          {lastFailed && endpoint.lastError ? (
            <p className="mt-1 text-xs break-words text-danger-text" role="note">
              {endpoint.lastError}
              {endpoint.lastFailureAt ? ` · ${relativeTime(endpoint.lastFailureAt)}` : ''}
            </p>
          ) : endpoint.lastSuccessAt ? (
            <p className="mt-1 text-xs text-muted-foreground">
              Delivered {relativeTime(endpoint.lastSuccessAt)}
            </p>
          ) : null}
        </div>
        <Switch
          aria-label={`Alerts to ${endpoint.name}`}
          checked={endpoint.enabled}
          disabled={update.isPending}
          onCheckedChange={(enabled) => update.mutate({ id: endpoint.id, change: { enabled } })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          label={`Minimum severity of ${endpoint.name}`}
          value={endpoint.minSeverity}
          onValueChange={(value) =>
            update.mutate({ id: endpoint.id, change: { minSeverity: value as Severity } })
          }
          options={THRESHOLD_OPTIONS}
          disabled={update.isPending}
          className="h-8 w-48"
        />
        <Select
          label={`Minimum priority of ${endpoint.name}`}
          value={endpoint.minPriority ?? ANY_PRIORITY}
          onValueChange={(value) =>
            update.mutate({ id: endpoint.id, change: { minPriority: minPriorityOf(value) } })
          }
          options={PRIORITY_THRESHOLD_OPTIONS}
          disabled={update.isPending}
          className="h-8 w-52"
        />
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          <Button
            size="sm"
            variant="secondary"
            disabled={test.isPending}
            onClick={() => test.mutate(endpoint.id)}
            aria-label={`Send test: ${endpoint.name}`}
          >
            <Send aria-hidden="true" className="size-3.5" />
            Send test
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onDeliveries(endpoint)}
            aria-label={`Deliveries: ${endpoint.name}`}
          >
            <History aria-hidden="true" className="size-3.5" />
            Deliveries
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onRemove(endpoint)}
            aria-label={`Remove ${endpoint.name}`}
            className="text-danger-text"
          >
            <Trash2 aria-hidden="true" className="size-3.5" />
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * Where the organization's alerts go besides the bell: Slack, Microsoft Teams and webhooks
 * (organization admins), with each endpoint's health and delivery log, and the e-mail channel's.
 */
export function IntegrationsSection() {
  const integrations = useIntegrations();
  const refresh = useRefreshIntegrations();
  const remove = useRemoveIntegration();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<{ name: string; secret: string } | null>(null);
  const [logOf, setLogOf] = useState<AlertEndpoint | null>(null);
  const [doomed, setDoomed] = useState<AlertEndpoint | null>(null);

  const onAdded = ({ endpoint, secret }: AddedIntegration) => {
    setAdding(false);
    setAdded(secret ? { name: endpoint.name, secret } : null);
  };

  return (
    <SettingsSection
      title="Integrations"
      description="Alerts posted to Slack, Microsoft Teams or your own systems. A webhook receives every alert at its minimum severity or above; Slack and Teams post when a member the alert reaches has turned that channel on."
      Icon={Webhook}
      actions={
        adding ? null : (
          <Button
            size="sm"
            onClick={() => {
              setAdded(null);
              setAdding(true);
            }}
          >
            <Plus aria-hidden="true" className="size-3.5" />
            Add integration
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-4">
        {adding ? <AddIntegrationForm onAdded={onAdded} onCancel={() => setAdding(false)} /> : null}
        {added ? <SigningSecret name={added.name} secret={added.secret} /> : null}
        <QueryState query={integrations} loadingLabel="Loading integrations...">
          {({ endpoints, channels }) => (
            <>
              {endpoints.length === 0 ? (
                <p className="text-sm text-muted-foreground">{WEB_MESSAGES.integration.none}</p>
              ) : (
                <ul
                  aria-label="Integration endpoints"
                  className="flex flex-col divide-y divide-border"
                >
                  {endpoints.map((endpoint) => (
                    <EndpointItem
                      key={endpoint.id}
                      endpoint={endpoint}
                      onDeliveries={setLogOf}
                      onRemove={setDoomed}
                    />
                  ))}
                </ul>
              )}
              <ul aria-label="Server channels" className="flex flex-col gap-2">
                {channels.map((health) => {
                  const channel = SERVER_CHANNELS[health.channel];
                  return channel ? (
                    <ChannelHealthRow key={health.channel} health={health} channel={channel} />
                  ) : null;
                })}
              </ul>
            </>
          )}
        </QueryState>
      </div>
      <DeliveriesDialog
        endpoint={logOf}
        onClose={() => {
          setLogOf(null);
          // Deliveries sent while the log was open change the endpoint's health.
          void refresh();
        }}
      />
      <ConfirmRemoval
        item={doomed}
        onClose={() => setDoomed(null)}
        title="Remove integration?"
        description={(endpoint) =>
          `${endpoint.name} receives no more alerts. To send there again, add it anew.`
        }
        confirmLabel="Remove"
        onConfirm={(endpoint) => remove.mutate(endpoint)}
      />
    </SettingsSection>
  );
}
