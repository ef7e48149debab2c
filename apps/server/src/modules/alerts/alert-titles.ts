import type { AlertKind } from '@meridian/contracts';
import type { NotificationRow } from './alerts.repository.js';

const KIND_LABEL: Readonly<Record<AlertKind, string>> = {
  EXPOSURE_NEW: 'New exposure',
  EXPOSURE_ESCALATED: 'Exposure escalated',
  EXPOSURE_CLEARED: 'Exposure cleared',
  INCIDENT_CREATED: 'New incident',
  INCIDENT_STATUS: 'Incident status changed',
  INCIDENT_RESOLVED: 'Incident resolved',
  INCIDENT_ASSIGNED: 'Assigned to you',
  PLAN_ASSIGNED: 'Plan assigned to you',
  PLAN_COMPLETED: 'Plan completed',
  ACTION_ASSIGNED: 'Action assigned to you',
  ACTION_OVERDUE: 'Action overdue',
  EXPOSURE_SUMMARY: 'New exposure',
  SUPPLIER_ANSWERED: 'Supplier answered',
};

/** "New exposure: {incident}": what one change says in a title. */
export const titleOf = (alert: { kind: AlertKind; title: string }) =>
  `${KIND_LABEL[alert.kind]}: ${alert.title}`;

/** One change: "New exposure: {incident}"; several folded together: "3 updates: {incident}". */
export const notificationTitle = (row: Pick<NotificationRow, 'kind' | 'lines' | 'title'>) =>
  row.lines.length > 1 ? `${row.lines.length} updates: ${row.title}` : titleOf(row);
