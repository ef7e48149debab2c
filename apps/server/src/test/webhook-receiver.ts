import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got. */
export type Received = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: unknown;
};

export type WebhookReceiver = {
  url: (path: string) => string;
  /** What a path answers from now on (default 200); `hang` never answers. */
  answer: (path: string, status: number | 'hang') => void;
  received: (path: string) => Received[];
  close: () => Promise<void>;
};

/**
 * A real HTTP server on loopback standing in for Slack, Teams, a customer's webhook receiver:
 * it keeps every POST (headers and raw body, to check payloads and signatures).
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const answers = new Map<string, number | 'hang'>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // Not JSON: kept as text.
      }
      received.push({ path, headers: request.headers, body, json });
      const status = answers.get(path) ?? 200;
      if (status === 'hang') return;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    answer: (path, status) => answers.set(path, status),
    received: (path) => received.filter((entry) => entry.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
