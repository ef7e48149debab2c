import { SecretBox } from '../../lib/secret-box.js';
import { defineModule } from '../module.js';
import { assessmentsRoutes } from './assessments.routes.js';
import { AssessmentsService } from './assessments.service.js';
import { supplierRequestJobs } from './supplier-requests.jobs.js';
import { supplierRequestsRoutes } from './supplier-requests.routes.js';
import { SupplierRequestsService } from './supplier-requests.service.js';

/**
 * How exposed sites stand in each incident: Potential, confirmed, recovering, recovered; set by
 * the organization's editors or answered by the sites' own contacts through a one-time link.
 */
export const assessmentsModule = defineModule({
  name: 'assessments',
  setup: ({ db, background, mailer, jwtSecret, log, config }, use) => {
    const assessments = new AssessmentsService(db, background);
    const requests = new SupplierRequestsService(
      db,
      background,
      assessments,
      use('alerts'),
      mailer,
      new SecretBox(jwtSecret, 'supplier-request-token'),
      log,
    );
    return {
      jobs: supplierRequestJobs(requests),
      routes: async (api) => {
        await api.register(assessmentsRoutes, { assessments });
        await api.register(supplierRequestsRoutes, { requests, publicUrl: config.publicUrl });
      },
    };
  },
});
