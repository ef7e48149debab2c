import { ApiError, authenticatedFetch, readErrorMessage } from '@/lib/api-client';
import { downloadName } from '../utils/download-name';
import * as WEB_MESSAGES from '@/config/messages';

/**
 * Fetches a file the API serves to signed-in users only (a plain link would carry no bearer
 * token) and offers it as a download under the server's file name.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await authenticatedFetch(path);
  if (!response.ok) {
    throw new ApiError(
      (await readErrorMessage(response)) ?? WEB_MESSAGES.insights.downloadFailed,
      response.status,
    );
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(response.headers.get('Content-Disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
