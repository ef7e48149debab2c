import type { Report } from '@meridian/contracts';
import { downloadFile } from './download-file';

/** `GET /api/reports/{id}/pdf`: the stored PDF, as an attachment. */
export const downloadReport = (report: Pick<Report, 'id' | 'title'>) =>
  downloadFile(`/reports/${encodeURIComponent(report.id)}/pdf`, `${report.title}.pdf`);
