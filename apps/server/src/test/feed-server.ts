import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** What one path answers: a document (with an ETag for conditional GETs), or trouble. */
export type FeedAnswer = {
  body?: string | Buffer;
  status?: number;
  etag?: string;
  /** Waits this long before answering (a slow or hung feed). */
  delayMs?: number;
  /** Answers a redirect here (status 302 unless `status` says otherwise). */
  location?: string;
  /** Sends the body gzip-compressed, as most feeds do. */
  gzip?: boolean;
  contentType?: string;
};

export type FeedServer = {
  url: (path: string) => string;
  set: (path: string, answer: FeedAnswer) => void;
  /** Requests each path has had, and the conditional headers of the last one. */
  hits: (path: string) => number;
  lastHeaders: (path: string) => Record<string, string | string[] | undefined>;
  close: () => Promise<void>;
};

/** A real HTTP server on a free loopback port, serving recorded feed documents to the tests. */
export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>();
  const hits = new Map<string, number>();
  const headers = new Map<string, Record<string, string | string[] | undefined>>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    headers.set(path, request.headers);
    const answer = answers.get(path);
    const reply = () => {
      if (response.destroyed) return;
      if (!answer) {
        response.writeHead(404).end('not found');
        return;
      }
      if (answer.location) {
        response.writeHead(answer.status ?? 302, { location: answer.location }).end();
        return;
      }
      if (answer.etag && request.headers['if-none-match'] === answer.etag) {
        response.writeHead(304, { etag: answer.etag }).end();
        return;
      }
      response.writeHead(answer.status ?? 200, {
        'content-type': answer.contentType ?? 'application/geo+json',
        ...(answer.etag ? { etag: answer.etag } : {}),
        ...(answer.gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      response.end(answer.gzip ? gzipSync(answer.body ?? '') : (answer.body ?? ''));
    };
    if (answer?.delayMs) setTimeout(reply, answer.delayMs).unref();
    else reply();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, answer) => answers.set(path, answer),
    hits: (path) => hits.get(path) ?? 0,
    lastHeaders: (path) => headers.get(path) ?? {},
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
