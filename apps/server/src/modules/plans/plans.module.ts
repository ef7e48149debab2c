import { defineModule } from '../module.js';
import { PlanAlerts } from './plan-alerts.js';
import { PlanTemplatesService } from './plan-templates.service.js';
import { OverdueActions } from './plans.overdue.js';
import { plansRoutes } from './plans.routes.js';
import { PlansService } from './plans.service.js';

/** Response plans, their actions and templates; actions past due are alerted once. */
export const plansModule = defineModule({
  name: 'plans',
  setup: ({ db, log, background }, use) => {
    const planAlerts = new PlanAlerts(use('alerts'));
    const kick = () => background.kick();
    const plans = new PlansService(db, planAlerts, kick);
    const templates = new PlanTemplatesService(db);
    return {
      // Found by whichever instance looks first.
      workers: [new OverdueActions(db, planAlerts, kick, log)],
      routes: async (api) => {
        await api.register(plansRoutes, { plans, templates });
      },
    };
  },
});
