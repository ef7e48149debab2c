import * as WEB_MESSAGES from '@/config/messages';
import type { ErrorIssue } from '@meridian/contracts';
import type { z } from 'zod';
import { ApiError, authHeaders, codeOf, refreshAccessToken } from './api-client';
import { apiUrl } from './api-base-url';
import { endSession, getAccessToken } from './auth-tokens';

/** Where a long write is: its body going up, then the server's own steps. */
export type UploadProgress =
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'server'; stage: 'validating' | 'locating' | 'writing'; done: number; total: number };

type Options<T> = {
  /** The shape of the final answer's `data`. */
  schema: z.ZodType<T>;
  fallbackMessage: string;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** The server's progress lines (application/x-ndjson), one JSON object each. */
type Line =
  | { progress: { stage: 'locating' | 'writing'; done: number; total: number } }
  | { result: { data: unknown } }
  | { error: { status: number; code?: string; message: string; issues?: ErrorIssue[] } };

const PROGRESS_MEDIA_TYPE = 'application/x-ndjson';

type Sent = { status: number; text: string };

/** One XMLHttpRequest: fetch cannot report how much of a request body has gone up. */
function send(
  path: string,
  body: string,
  accessToken: string | null,
  actAsOrganization: boolean,
  onLine: (line: Line) => void,
  options: Pick<Options<unknown>, 'onProgress' | 'signal'>,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    request.setRequestHeader('Content-Type', 'application/json');
    request.setRequestHeader('Accept', `${PROGRESS_MEDIA_TYPE}, application/json`);
    for (const [name, value] of Object.entries(authHeaders(accessToken, actAsOrganization))) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) =>
      options.onProgress({ phase: 'uploading', loaded: event.loaded, total: event.total });
    request.upload.onload = () =>
      options.onProgress({ phase: 'server', stage: 'validating', done: 0, total: 0 });
    let read = 0;
    const readLines = () => {
      if (!request.getResponseHeader('content-type')?.startsWith(PROGRESS_MEDIA_TYPE)) return;
      const text = request.responseText;
      const end = text.lastIndexOf('\n') + 1;
      for (const line of text.slice(read, end).split('\n')) {
        if (line.trim()) onLine(JSON.parse(line) as Line);
      }
      read = Math.max(read, end);
    };
    request.onprogress = readLines;
    request.onload = () => {
      readLines();
      resolve({ status: request.status, text: request.responseText });
    };
    request.onerror = () => reject(new ApiError(WEB_MESSAGES.common.networkError, 0));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

const errorOf = (status: number, text: string, fallback: string): ApiError => {
  try {
    const body = JSON.parse(text) as { message?: unknown; issues?: ErrorIssue[] };
    const message = typeof body.message === 'string' ? body.message : fallback;
    return new ApiError(
      message,
      status,
      Array.isArray(body.issues) ? body.issues : [],
      codeOf(body),
    );
  } catch {
    return new ApiError(fallback, status);
  }
};

/**
 * POSTs a large JSON body with progress: the upload's bytes, then the server's progress lines
 * (it streams them when asked with Accept: application/x-ndjson). Answers the final `data`;
 * a refusal (before or during the server's work) is an ApiError with the issues it named.
 * A 401 refreshes the token once and sends again, as every authenticated request does.
 */
export async function postWithProgress<T>(
  path: string,
  payload: unknown,
  options: Options<T>,
): Promise<T> {
  const body = JSON.stringify(payload);
  const outcome: { result?: unknown; failure?: ApiError } = {};
  const onLine = (line: Line) => {
    if ('progress' in line) options.onProgress({ phase: 'server', ...line.progress });
    else if ('result' in line) outcome.result = line.result.data;
    else {
      outcome.failure = new ApiError(
        line.error.message,
        line.error.status,
        line.error.issues ?? [],
        codeOf(line.error),
      );
    }
  };
  const usedToken = getAccessToken();
  let sent = await send(path, body, usedToken, true, onLine, options);
  if (sent.status === 401) {
    let freshToken: string;
    try {
      const current = getAccessToken();
      freshToken = current && current !== usedToken ? current : await refreshAccessToken();
    } catch {
      endSession();
      throw new ApiError(WEB_MESSAGES.auth.authenticationFailed, 401);
    }
    sent = await send(path, body, freshToken, false, onLine, options);
    if (sent.status === 401) {
      endSession();
      throw new ApiError(WEB_MESSAGES.auth.authenticationFailed, 401);
    }
  }
  if (sent.status < 200 || sent.status >= 300) {
    throw errorOf(sent.status, sent.text, options.fallbackMessage);
  }
  if (outcome.failure) throw outcome.failure;
  // A server that answered plain JSON instead of progress lines.
  const result =
    'result' in outcome ? outcome.result : (JSON.parse(sent.text) as { data?: unknown }).data;
  const parsed = options.schema.safeParse(result);
  if (!parsed.success) throw new ApiError(options.fallbackMessage, sent.status);
  return parsed.data;
}
