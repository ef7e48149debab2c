import type { ExposureEngine } from '../modules/exposure/exposure.engine.js';
import { payloadText } from './payload.js';
import type { JobHandler } from './worker.js';

/** The exposure engine's jobs: one incident, one site or shipment, or a whole organization. */
export const EXPOSURE_JOBS = {
  incident: 'exposure.incident',
  target: 'exposure.target',
  organization: 'exposure.organization',
} as const;

export const exposureJobHandlers = (engine: ExposureEngine): Record<string, JobHandler> => ({
  [EXPOSURE_JOBS.incident]: async (job) => {
    await engine.recomputeIncident(payloadText(job.payload.incidentId, 'incidentId'));
  },
  [EXPOSURE_JOBS.target]: async (job) => {
    const kind = job.payload.kind === 'SITE' ? 'SITE' : 'SHIPMENT';
    await engine.recomputeTarget(
      kind,
      payloadText(job.payload.targetId, 'targetId'),
      payloadText(job.payload.organizationId, 'organizationId'),
    );
  },
  [EXPOSURE_JOBS.organization]: async (job) => {
    await engine.recomputeOrganization(payloadText(job.payload.organizationId, 'organizationId'));
  },
});
