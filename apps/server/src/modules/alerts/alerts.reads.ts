import { face } from '../../lib/face.js';
import { alertsRepository } from './alerts.repository.js';

/** What other modules may read of the alerts: how an incident's exposure was alerted so far. */
export const alertsReads = face(alertsRepository, ['exposureAlertSeverities']);
