import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the stand-in accepted, as chat.postMessage received it. */
export type PostedMessage = {
  ts: string;
  authorization: string | undefined;
  body: {
    channel: string;
    text: string;
    blocks: { type: string }[];
    thread_ts?: string;
    reply_broadcast?: boolean;
  };
};

export type SlackApi = {
  /** chat.postMessage's address on the stand-in. */
  postMessageUrl: string;
  posted: PostedMessage[];
  close: () => Promise<void>;
};

/**
 * A real HTTP server on loopback answering like Slack's Web API method chat.postMessage: a bot
 * token in `Authorization: Bearer`, JSON in, `{ ok, ts }` out; `ok: false` with Slack's error
 * codes for a wrong token (invalid_auth), a channel it does not know (channel_not_found) or a
 * thread that is not one of its messages (thread_not_found).
 */
export async function startSlackApi(options: {
  token: string;
  channels: readonly string[];
}): Promise<SlackApi> {
  const posted: PostedMessage[] = [];
  let sequence = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (body: Record<string, unknown>) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.url !== '/api/chat.postMessage') {
        response.writeHead(404).end();
        return;
      }
      if (request.headers.authorization !== `Bearer ${options.token}`) {
        answer({ ok: false, error: 'invalid_auth' });
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PostedMessage['body'];
      if (!options.channels.includes(body.channel)) {
        answer({ ok: false, error: 'channel_not_found' });
        return;
      }
      if (body.thread_ts && !posted.some((message) => message.ts === body.thread_ts)) {
        answer({ ok: false, error: 'thread_not_found' });
        return;
      }
      sequence += 1;
      const ts = `${Math.floor(Date.now() / 1000)}.${String(sequence).padStart(6, '0')}`;
      posted.push({ ts, authorization: request.headers.authorization, body });
      answer({ ok: true, channel: body.channel, ts, message: { text: body.text, ts } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    postMessageUrl: `http://127.0.0.1:${port}/api/chat.postMessage`,
    posted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
