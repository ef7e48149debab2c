import { z } from 'zod';
import type { JobDefinitions } from '../../jobs/registry.js';
import type { ExposureEngine } from './exposure.engine.js';

/** The exposure engine's jobs: one incident, one site or shipment, or a whole organization. */
export const EXPOSURE_JOBS = {
  incident: 'exposure.incident',
  target: 'exposure.target',
  organization: 'exposure.organization',
} as const;

const IncidentPayload = z.object({ incidentId: z.string().min(1) });
const TargetPayload = z.object({
  kind: z.enum(['SITE', 'SHIPMENT']),
  targetId: z.string().min(1),
  organizationId: z.string().min(1),
});
const OrganizationPayload = z.object({
  organizationId: z.string().min(1),
  /** What changed, in words ("4 shipments imported"): its alerts' summary says it. */
  cause: z.string().max(200).optional(),
});

declare module '../../jobs/registry.js' {
  interface JobPayloads {
    'exposure.incident': z.infer<typeof IncidentPayload>;
    'exposure.target': z.infer<typeof TargetPayload>;
    'exposure.organization': z.infer<typeof OrganizationPayload>;
  }
}

/** `recomputed`: told after each recompute (the exposure clock looks for its next moment). */
export const exposureJobs = (
  engine: ExposureEngine,
  recomputed: () => void = () => undefined,
): JobDefinitions => ({
  [EXPOSURE_JOBS.incident]: {
    payload: IncidentPayload,
    run: async ({ incidentId }) => {
      await engine.recomputeIncident(incidentId);
      recomputed();
    },
  },
  [EXPOSURE_JOBS.target]: {
    payload: TargetPayload,
    run: async ({ kind, targetId, organizationId }) => {
      await engine.recomputeTarget(kind, targetId, organizationId);
      recomputed();
    },
  },
  [EXPOSURE_JOBS.organization]: {
    payload: OrganizationPayload,
    run: async ({ organizationId, cause }) => {
      await engine.recomputeOrganization(organizationId, cause);
      recomputed();
    },
  },
});
