import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const EVENT_STREAM = 'text/event-stream';

/**
 * Answers with server-sent events written to `stream` as they happen. The route must not be
 * compressed (`compress: false`): a compressor would hold the events back until its buffer fills.
 */
export function sendEventStream(reply: FastifyReply, stream: Readable, status = 200) {
  return (
    reply
      .status(status)
      .type(`${EVENT_STREAM}; charset=utf-8`)
      .header('cache-control', 'no-cache, no-transform')
      // Proxies such as nginx buffer answers unless told not to.
      .header('x-accel-buffering', 'no')
      .send(stream)
  );
}
