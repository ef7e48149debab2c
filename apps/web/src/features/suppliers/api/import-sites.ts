import { postWithProgress, type UploadProgress } from '@/lib/upload';
import { BulkResponse } from '@meridian/contracts';
import * as WEB_MESSAGES from '@/config/messages';

/** POST /sites/bulk: every row in one request, written in one transaction, with progress. */
export const importSites = (
  sites: unknown[],
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) =>
  postWithProgress(
    '/sites/bulk',
    { sites },
    {
      schema: BulkResponse.shape.data,
      fallbackMessage: WEB_MESSAGES.suppliers.importFailed,
      onProgress,
      ...(signal ? { signal } : {}),
    },
  );
