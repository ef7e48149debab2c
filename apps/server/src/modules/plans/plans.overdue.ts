import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { LoopingWorker } from '../../jobs/loop.js';
import type { PlanAlerts } from './plan-alerts.js';
import { plansRepository } from './plans.repository.js';

const TICK_MS = 60_000;
const BATCH = 100;

/**
 * Finds actions of active plans past their due time and alerts their assignee (or the plan's
 * owner) once per due time. Rows are claimed with SKIP LOCKED and marked in one transaction,
 * so with several instances each overdue action is alerted once.
 */
export class OverdueActions extends LoopingWorker {
  constructor(
    private readonly db: Database,
    private readonly alerts: PlanAlerts,
    private readonly onAlerts: () => void,
    private readonly log: FastifyBaseLogger,
    tickMs = TICK_MS,
  ) {
    super(tickMs, 50);
  }

  /** Alerts every action overdue at `now`; answers how many. */
  async runDue(_halt?: () => boolean, now = new Date()): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const found = await this.db.transaction(async (tx) => {
          const due = await plansRepository.claimOverdue(tx, now, BATCH);
          for (const row of due) {
            const plan = await plansRepository.find(
              tx,
              row.action.organizationId,
              row.action.planId,
            );
            if (plan) await this.alerts.overdue(tx, plan, row.action);
          }
          return due.length;
        });
        total += found;
        if (found < BATCH) break;
      }
    } catch (error) {
      this.log.error({ err: error }, 'could not alert overdue actions');
    }
    if (total > 0) this.onAlerts();
    return total;
  }
}
