import { z } from 'zod';
import type { JobDefinitions } from '../../jobs/registry.js';

/** An alert fanned out to its recipients; a digest sent when its window ends. */
export const ALERT_JOBS = { fanOut: 'alerts.fanout', digest: 'alerts.digest' } as const;

const FanOutPayload = z.object({ alertId: z.string().min(1) });
const DigestPayload = z.object({ notificationId: z.string().min(1) });

declare module '../../jobs/registry.js' {
  interface JobPayloads {
    'alerts.fanout': z.infer<typeof FanOutPayload>;
    'alerts.digest': z.infer<typeof DigestPayload>;
  }
}

/** The work behind the jobs (AlertFanOut), typed by what they call so that it may enqueue them. */
type FanOutWork = {
  fanOut(alertId: string): Promise<void>;
  sendDigest(notificationId: string): Promise<void>;
};

export const alertJobs = (fanOut: FanOutWork): JobDefinitions => ({
  [ALERT_JOBS.fanOut]: {
    payload: FanOutPayload,
    run: ({ alertId }) => fanOut.fanOut(alertId),
  },
  [ALERT_JOBS.digest]: {
    payload: DigestPayload,
    run: ({ notificationId }) => fanOut.sendDigest(notificationId),
  },
});
