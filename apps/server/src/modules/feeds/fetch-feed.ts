/** Why a feed could not be read; the source shows the message. */
export class FeedFetchError extends Error {}

export type FetchOptions = { timeoutMs: number; maxBytes: number };
export type Validators = { etag: string | null; lastModified: string | null };

export type FetchedFeed = { changed: false } | ({ changed: true; document: string } & Validators);

/** Feeds ask callers to say who they are (weather.gov refuses requests without it). */
export const FEED_USER_AGENT = 'Meridian supply-chain risk monitor (feed reader)';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * GETs a feed document, conditionally when the last answer had validators (304: nothing
 * changed). Stops reading past `maxBytes` and gives up after `timeoutMs`, whole body included.
 */
export async function fetchFeed(
  url: string,
  validators: Validators,
  options: FetchOptions,
): Promise<FetchedFeed> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const headers: Record<string, string> = {
    'user-agent': FEED_USER_AGENT,
    accept: 'application/geo+json, application/json;q=0.9, */*;q=0.5',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  try {
    const response = await fetch(url, { headers, signal, redirect: 'follow' });
    if (response.status === 304) return { changed: false };
    if (!response.ok) {
      await response.body?.cancel();
      throw new FeedFetchError(`HTTP ${response.status} ${response.statusText}`.trim());
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > options.maxBytes) {
      await response.body?.cancel();
      throw new FeedFetchError(
        `document too large (${megabytes(declared)}, limit ${megabytes(options.maxBytes)})`,
      );
    }
    const document = await readCapped(response, options.maxBytes);
    return {
      changed: true,
      document,
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    };
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (signal.aborted) {
      throw new FeedFetchError(`no answer within ${Math.round(options.timeoutMs / 1000)} s`);
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new FeedFetchError(
      `unreachable: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    );
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader() as ReadableStreamDefaultReader<Uint8Array> | undefined;
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new FeedFetchError(`document too large (over ${megabytes(maxBytes)})`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
