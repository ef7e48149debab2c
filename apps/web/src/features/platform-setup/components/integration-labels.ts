import type { BadgeTone } from '@/components/ui/Badge';
import {
  SEVERITIES,
  type AlertEndpoint,
  type DeliveryStatus,
  type EndpointKind,
  type Priority,
  type Severity,
} from '@meridian/contracts';
import { PRIORITIES } from '@meridian/contracts/constants';

export const KIND_LABELS: Record<EndpointKind, string> = {
  SLACK: 'Slack',
  TEAMS: 'Microsoft Teams',
  WEBHOOK: 'Webhook',
};

/** What each kind's address looks like, as a hint in the add form. */
export const URL_PLACEHOLDERS: Record<EndpointKind, string> = {
  SLACK: 'https://hooks.slack.com/services/…',
  TEAMS: 'https://….webhook.office.com/…',
  WEBHOOK: 'https://example.com/meridian-alerts',
};

const THRESHOLD_LABELS: Record<Severity, string> = {
  CRITICAL: 'Critical only',
  HIGH: 'High and above',
  MEDIUM: 'Medium and above',
  LOW: 'All severities',
};

/** Minimum severity choices, lowest threshold first. */
export const THRESHOLD_OPTIONS = [...SEVERITIES]
  .reverse()
  .map((severity) => ({ value: severity, label: THRESHOLD_LABELS[severity] }));

/** A minimum priority's choice in a select, where "any" has to be a value of its own. */
export const ANY_PRIORITY = 'ANY';

const PRIORITY_THRESHOLD_LABELS: Record<Priority, string> = {
  P1: 'P1 only',
  P2: 'P2 and above',
  P3: 'P3 and above',
  P4: 'Exposed (P4 and above)',
};

/** Minimum priority choices: any alert first, then from the widest to P1 only. */
export const PRIORITY_THRESHOLD_OPTIONS = [
  { value: ANY_PRIORITY, label: 'Any priority' },
  ...[...PRIORITIES]
    .reverse()
    .map((priority) => ({ value: priority, label: PRIORITY_THRESHOLD_LABELS[priority] })),
];

/** The select's value as the API's minimum priority. */
export const minPriorityOf = (value: string): Priority | null =>
  PRIORITIES.find((priority) => priority === value) ?? null;

/** An endpoint's health in one word and a colour. */
export function endpointHealth(endpoint: AlertEndpoint): { label: string; tone: BadgeTone } {
  if (!endpoint.healthy) return { label: 'Failing', tone: 'red' };
  if (!endpoint.lastSuccessAt && !endpoint.lastFailureAt) {
    return { label: 'Not used yet', tone: 'blue' };
  }
  return { label: 'Healthy', tone: 'green' };
}

export const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Pending', tone: 'blue' },
  DELIVERED: { label: 'Delivered', tone: 'green' },
  FAILED: { label: 'Failed, retrying', tone: 'orange' },
  GAVE_UP: { label: 'Gave up', tone: 'red' },
};
