import { z } from 'zod';
import type { JobDefinitions } from '../../jobs/registry.js';
import type { ExposureEngine } from './exposure.engine.js';

/** The exposure engine's jobs: one incident, one site or shipment, or a whole organization. */
export const EXPOSURE_JOBS = {
  incident: 'exposure.incident',
  target: 'exposure.target',
  organization: 'exposure.organization',
  /** Many incidents at once (a feed catching up), told to people in one summary. */
  incidents: 'exposure.incidents',
} as const;

/** Incidents one `exposure.incidents` job recomputes at most; a larger change is several jobs. */
export const INCIDENTS_PER_BATCH_JOB = 2000;

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

const IncidentsPayload = z.object({
  incidentIds: z.array(z.string().min(1)).min(1).max(INCIDENTS_PER_BATCH_JOB),
  /** What changed, in words ("USGS earthquakes: 14 events updated"): the summary's title. */
  cause: z.string().max(200),
});

declare module '../../jobs/registry.js' {
  interface JobPayloads {
    'exposure.incident': z.infer<typeof IncidentPayload>;
    'exposure.target': z.infer<typeof TargetPayload>;
    'exposure.organization': z.infer<typeof OrganizationPayload>;
    'exposure.incidents': z.infer<typeof IncidentsPayload>;
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
  [EXPOSURE_JOBS.incidents]: {
    payload: IncidentsPayload,
    run: async ({ incidentIds, cause }) => {
      await engine.recomputeIncidents(incidentIds, cause);
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
