import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** Why a POST to someone else's server did not go through; `statusCode` when it answered. */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null = null,
  ) {
    super(message);
  }
}

/** Addresses an organization's URL must not reach: this host, its networks, cloud metadata. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export const isPrivateAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

export const PRIVATE_ADDRESS_MESSAGE = 'the address is on a private network';

/**
 * A URL whose host is plainly inside (localhost, a literal private address): refused when it
 * is saved. Names that resolve inside are caught where the connection is made.
 */
export function namesPrivateHost(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/**
 * A DNS lookup that refuses private addresses. Checked where the socket connects (not before),
 * so a name that resolves to a public address for a check and a private one for the request
 * (DNS rebinding) gets nowhere.
 */
export const publicOnlyLookup: typeof dnsLookup = ((
  hostname: string,
  options: object,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses;
    const refused = list.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(new OutboundError(PRIVATE_ADDRESS_MESSAGE), '', 4);
    if ((options as { all?: boolean }).all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(new OutboundError(`${hostname} has no address`), '', 4);
    callback(null, first.address, first.family);
  });
}) as typeof dnsLookup;

export type PostOptions = {
  headers?: Record<string, string>;
  timeoutMs: number;
  /** Tests and on-premises installs post to local receivers; a server on the internet must not. */
  allowPrivate: boolean;
  contentType?: string;
};

export type PostResult = { statusCode: number; body: string };

/** At most this much of an answer is read (error messages shown in a delivery log). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs a body to a URL an organization gave us, without following redirects (a redirect to a
 * private address would escape the check), with a timeout over the whole exchange. A 2xx
 * answer resolves; anything else rejects with an OutboundError carrying the status code.
 */
export function post(url: string, body: string, options: PostOptions): Promise<PostResult> {
  const target = new URL(url);
  if (!options.allowPrivate && isPrivateAddress(target.hostname.replace(/^\[|\]$/g, ''))) {
    return Promise.reject(new OutboundError(PRIVATE_ADDRESS_MESSAGE));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': options.contentType ?? 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Meridian alerts',
          ...options.headers,
        },
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        timeout: options.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(deadline);
          const statusCode = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          if (statusCode >= 200 && statusCode < 300) resolve({ statusCode, body: text });
          else
            reject(
              new OutboundError(
                `HTTP ${statusCode}${text ? `: ${text.slice(0, 200)}` : ''}`,
                statusCode,
              ),
            );
        });
        response.on('error', (error) => reject(new OutboundError(error.message)));
      },
    );
    // The socket timeout is per inactivity; this one bounds the whole exchange.
    const deadline = setTimeout(
      () => request.destroy(new OutboundError(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('timeout', () =>
      request.destroy(new OutboundError(`no answer within ${options.timeoutMs} ms`)),
    );
    request.on('error', (error) => {
      clearTimeout(deadline);
      const code = (error as NodeJS.ErrnoException).code;
      reject(
        error instanceof OutboundError
          ? error
          : new OutboundError(code ? `unreachable: ${code}` : error.message),
      );
    });
    request.end(body);
  });
}
