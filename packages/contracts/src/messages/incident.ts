import type { INCIDENT_STATUSES } from '../roles.js';

type IncidentStatusValue = (typeof INCIDENT_STATUSES)[number];

export const incident = {
  notFound: 'Event not found',
  editorRequired: 'Only a manager or admin of the organization can create or change incidents',
  globalRequiresPlatform: 'Only platform staff can create or change global incidents',
  transition: (from: IncidentStatusValue, to: IncidentStatusValue) =>
    `An incident cannot go from ${from.replace('_', ' ')} to ${to.replace('_', ' ')}`,
  reopenReason: 'Say why the incident is reopened (reason)',
  endsBeforeStart: 'endsAt must not be before startsAt',
  assigneeNotFound: 'The assignee must be an active member of the organization',
  historyKept: 'Incidents are history: resolve an incident instead of deleting it',
  duplicatesOnly: 'Only platform staff delete incidents, and only duplicates from a feed',
  created: 'Incident created',
  updated: 'Incident updated',
  deleted: 'Incident deleted',
  commentAdded: 'Comment added',
  timelineRetrieved: 'Timeline retrieved',
} as const;
