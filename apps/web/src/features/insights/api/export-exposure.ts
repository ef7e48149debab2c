import { downloadFile } from './download-file';

/** `GET /api/incidents/{id}/exposure.csv`: what the incident reaches of the organization. */
export const exportExposure = (incidentId: string) =>
  downloadFile(
    `/incidents/${encodeURIComponent(incidentId)}/exposure.csv`,
    'meridian-exposure.csv',
  );
