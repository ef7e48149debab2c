import type { Executor } from '../../db/client.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { type NewAlert, alertsRepository } from './alerts.repository.js';
import { ALERT_JOBS } from './alerts.jobs.js';

export type { NewAlert };

/**
 * Raises an alert in the transaction of the change that caused it; its fan-out job is queued
 * in the same transaction, so the alert exists exactly when the change does.
 */
export class AlertRaiser {
  constructor(private readonly background: BackgroundWork) {}

  async raise(tx: Executor, alert: NewAlert): Promise<void> {
    const row = await alertsRepository.insert(tx, alert);
    await this.background.enqueue(tx, ALERT_JOBS.fanOut, row.id, { alertId: row.id });
  }
}
