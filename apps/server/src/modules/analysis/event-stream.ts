import { PassThrough } from 'node:stream';
import type { Analysis } from '@meridian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EVENT_STREAM, sendEventStream } from '../../lib/event-stream.js';
import type { OnText } from './analysis.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** A client that sends `Accept: text/event-stream` reads the answer as it is written. */
export const wantsEventStream = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes(EVENT_STREAM);

/**
 * Streams an analysis as server-sent events: `delta` (`{"text"}`) for each piece of the
 * answer, then `done` with the stored analysis, or `error` (`{message}`) when it failed. The
 * status (201: an analysis is stored either way) leaves with the first piece, before the
 * outcome is known; the last event says it. The route must not be compressed (`compress:
 * false`): a compressor would hold the pieces back until its buffer fills.
 */
export async function replyWithEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onText: OnText) => Promise<Analysis>,
): Promise<undefined> {
  const stream = new PassThrough();
  const send = (event: 'delta' | 'done' | 'error', data: unknown) => {
    // A client that went away stops reading; the analysis is still finished and stored.
    if (stream.writable) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  void sendEventStream(reply, stream, 201);
  try {
    const analysis = await run((text) => send('delta', { text }));
    if (analysis.status === 'COMPLETE') send('done', analysis);
    else send('error', { message: analysis.error ?? 'The analysis failed' });
  } catch (error) {
    request.log.error({ err: error }, 'analysis failed');
    send('error', { message: API_MESSAGES.request.internalError(request.id) });
  } finally {
    stream.end();
  }
  await reply;
  return undefined;
}
