import { GetError, getDocument } from '../../lib/outbound-get.js';

/** Why a feed could not be read; the source shows the message. */
export class FeedFetchError extends Error {}

export type FetchOptions = {
  timeoutMs: number;
  maxBytes: number;
  /** Feeds on a private network (on-premises, tests); off, such addresses are refused. */
  allowPrivate: boolean;
  /** Who to contact about this install's requests (`FEEDS_CONTACT`), in the User-Agent. */
  contact?: string | null;
};
export type Validators = { etag: string | null; lastModified: string | null };

export type FetchedFeed =
  { changed: false } | ({ changed: true; document: string; bytes: Buffer } & Validators);

/**
 * Feeds ask callers to say who they are and how to reach them: weather.gov refuses requests
 * without a User-Agent and asks for a contact in it ("(myweatherapp.com, contact@…)").
 */
export const feedUserAgent = (contact?: string | null) =>
  `Meridian supply-chain risk monitor (feed reader${contact ? `; ${contact}` : ''})`;

const header = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * GETs a feed document, conditionally when the last answer had validators (304: nothing
 * changed). Stops reading past `maxBytes`, gives up after `timeoutMs` (whole body included),
 * and, unless allowed, refuses addresses on private networks where it connects, redirects too.
 */
export async function fetchFeed(
  url: string,
  validators: Validators,
  options: FetchOptions,
): Promise<FetchedFeed> {
  const headers: Record<string, string> = {
    'user-agent': feedUserAgent(options.contact),
    accept:
      'application/geo+json, application/json;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  let answer;
  try {
    answer = await getDocument(url, {
      headers,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      allowPrivate: options.allowPrivate,
    });
  } catch (error) {
    throw new FeedFetchError(error instanceof GetError ? error.message : (error as Error).message);
  }
  if (answer.statusCode === 304) return { changed: false };
  if (answer.statusCode < 200 || answer.statusCode >= 300) {
    throw new FeedFetchError(`HTTP ${answer.statusCode} ${answer.statusMessage}`.trim());
  }
  return {
    changed: true,
    document: answer.body,
    bytes: answer.bytes,
    etag: header(answer.headers.etag),
    lastModified: header(answer.headers['last-modified']),
  };
}
