import { z } from 'zod';
import type { JobDefinitions } from '../../jobs/registry.js';
import {
  SUPPLIER_JOBS,
  type SupplierMailPayload,
  type SupplierRequestsService,
} from './supplier-requests.service.js';

const MailPayload = z.object({
  requestId: z.uuid(),
  baseUrl: z.string(),
  reminder: z.boolean(),
});

declare module '../../jobs/registry.js' {
  interface JobPayloads {
    'assessments.supplier-mail': SupplierMailPayload;
  }
}

/** The e-mails of supplier requests: the link at once, the reminder when it is due. */
export const supplierRequestJobs = (requests: SupplierRequestsService): JobDefinitions => ({
  [SUPPLIER_JOBS.mail]: {
    payload: MailPayload,
    run: (payload) => requests.sendMail(payload),
  },
});
