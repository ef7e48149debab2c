import http from 'node:http';
import https from 'node:https';
import { type Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import {
  OutboundError,
  PRIVATE_ADDRESS_MESSAGE,
  isPrivateAddress,
  publicOnlyLookup,
} from './outbound-http.js';

export type GetOptions = {
  headers: Record<string, string>;
  /** Bounds the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** The most bytes read, after decompression. */
  maxBytes: number;
  /** On-premises feeds and tests are local; a URL from the internet must not reach inside. */
  allowPrivate: boolean;
  maxRedirects?: number;
};

export type GetResult = {
  statusCode: number;
  statusMessage: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as received (after decompression): for binary documents (a KMZ archive). */
  bytes: Buffer;
};

/** Why a GET stopped: too slow, too large, or the network. */
export class GetError extends OutboundError {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'too-large' | 'unreachable' | 'refused',
  ) {
    super(message);
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function decoded(response: http.IncomingMessage): Readable {
  switch ((response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return pipeline(response, zlib.createGunzip(), () => undefined);
    case 'deflate':
      return pipeline(response, zlib.createInflate(), () => undefined);
    case 'br':
      return pipeline(response, zlib.createBrotliDecompress(), () => undefined);
    default:
      return response;
  }
}

/**
 * GETs a document from a URL someone configured: private addresses refused where the socket
 * connects (unless allowed), redirects followed (each hop checked the same way), compressed
 * answers decoded, at most `maxBytes` read and the whole exchange bounded by `timeoutMs`.
 * Any status resolves (a 304 or a 500 is the caller's to read); only the network, the clock,
 * the size and a refused address reject.
 */
export function getDocument(url: string, options: GetOptions): Promise<GetResult> {
  const deadline = Date.now() + options.timeoutMs;
  const seconds = Math.round(options.timeoutMs / 1000);
  const hop = (target: URL, redirectsLeft: number): Promise<GetResult> =>
    new Promise((resolve, reject) => {
      if (!options.allowPrivate && isPrivateAddress(target.hostname.replace(/^\[|\]$/g, ''))) {
        reject(new GetError(PRIVATE_ADDRESS_MESSAGE, 'refused'));
        return;
      }
      const client = target.protocol === 'https:' ? https : http;
      const fail = (error: unknown) => {
        clearTimeout(timer);
        if (error instanceof GetError) return reject(error);
        if (error instanceof OutboundError) return reject(new GetError(error.message, 'refused'));
        const code = (error as NodeJS.ErrnoException).code;
        reject(new GetError(`unreachable: ${code ?? (error as Error).message}`, 'unreachable'));
      };
      const request = client.get(
        target,
        {
          headers: { 'accept-encoding': 'gzip, deflate, br', ...options.headers },
          ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const location = response.headers.location;
          if (status >= 300 && status < 400 && status !== 304 && location) {
            response.resume();
            clearTimeout(timer);
            if (redirectsLeft === 0) {
              reject(new GetError('too many redirects', 'unreachable'));
              return;
            }
            hop(new URL(location, target), redirectsLeft - 1).then(resolve, reject);
            return;
          }
          const declared = Number(response.headers['content-length'] ?? NaN);
          if (!response.headers['content-encoding'] && declared > options.maxBytes) {
            response.destroy();
            fail(
              new GetError(
                `document too large (${megabytes(declared)}, limit ${megabytes(options.maxBytes)})`,
                'too-large',
              ),
            );
            return;
          }
          const body = decoded(response);
          const chunks: Buffer[] = [];
          let total = 0;
          body.on('data', (chunk: Buffer) => {
            total += chunk.length;
            if (total > options.maxBytes) {
              response.destroy();
              body.destroy();
              fail(
                new GetError(
                  `document too large (over ${megabytes(options.maxBytes)})`,
                  'too-large',
                ),
              );
              return;
            }
            chunks.push(chunk);
          });
          body.on('error', fail);
          body.on('end', () => {
            clearTimeout(timer);
            const bytes = Buffer.concat(chunks);
            resolve({
              statusCode: status,
              statusMessage: response.statusMessage ?? '',
              headers: response.headers,
              body: bytes.toString('utf8'),
              bytes,
            });
          });
        },
      );
      const timer = setTimeout(
        () => request.destroy(new GetError(`no answer within ${seconds} s`, 'timeout')),
        Math.max(0, deadline - Date.now()),
      );
      request.on('error', fail);
    });
  return hop(new URL(url), options.maxRedirects ?? 5);
}
