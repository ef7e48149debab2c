import { ApiError, authenticatedFetch } from './api-client';

const KEPT = 64;
/** The last body of each polled URL with its ETag: a 304 answers with it. */
const kept = new Map<string, { etag: string; body: unknown }>();

/**
 * A GET that a poll can afford: it sends the ETag of the body it already has, and an unchanged
 * list comes back as a bodiless 304 that costs the server one version read. The response is
 * answered as `body` (parsed JSON), `notJson` when the reply is not JSON, or the failed response.
 */
export async function conditionalGet(
  path: string,
  cacheKey: string,
  signal?: AbortSignal,
): Promise<
  { kind: 'json'; body: unknown } | { kind: 'notJson' } | { kind: 'failed'; status: number }
> {
  const key = `${cacheKey} ${path}`;
  const previous = kept.get(key);
  const response = await authenticatedFetch(path, {
    signal,
    headers: previous ? { 'If-None-Match': previous.etag } : {},
  });
  if (response.status === 304 && previous) return { kind: 'json', body: previous.body };
  if (!response.ok) return { kind: 'failed', status: response.status };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { kind: 'notJson' };
  }
  const etag = response.headers.get('etag');
  kept.delete(key);
  if (etag) {
    kept.set(key, { etag, body });
    if (kept.size > KEPT) kept.delete(kept.keys().next().value ?? '');
  }
  return { kind: 'json', body };
}

/**
 * A poll of a body its caller keeps (as something built from it): sent with that body's ETag,
 * an unchanged one comes back as a 304 and this as null (keep what you have); otherwise the new
 * body's bytes and ETag. A failed response throws `failure` with its status.
 */
export async function changedBytes(
  path: string,
  previousEtag: string | null | undefined,
  failure: string,
  signal?: AbortSignal,
): Promise<{ bytes: ArrayBuffer; etag: string | null } | null> {
  const response = await authenticatedFetch(path, {
    signal,
    headers: previousEtag ? { 'If-None-Match': previousEtag } : {},
  });
  if (response.status === 304 && previousEtag) return null;
  if (!response.ok) throw new ApiError(failure, response.status);
  return { bytes: await response.arrayBuffer(), etag: response.headers.get('etag') };
}
