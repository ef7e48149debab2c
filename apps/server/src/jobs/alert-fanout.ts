import { ALERT_JOBS, type AlertFanOut } from '../modules/alerts/fan-out.js';
import { payloadText } from './payload.js';
import type { JobHandler } from './worker.js';

/** An alert fanned out to its recipients; a digest sent when its window ends. */
export const alertJobHandlers = (fanOut: AlertFanOut): Record<string, JobHandler> => ({
  [ALERT_JOBS.fanOut]: async (job) => fanOut.fanOut(payloadText(job.payload.alertId, 'alertId')),
  [ALERT_JOBS.digest]: async (job) =>
    fanOut.sendDigest(payloadText(job.payload.notificationId, 'notificationId')),
});
