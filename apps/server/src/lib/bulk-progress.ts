import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, answerOf } from './errors.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** Where a bulk write is: finding its rows' places, or writing them (in one transaction). */
export type BulkProgressEvent = { stage: 'locating' | 'writing'; done: number; total: number };
/** Awaited by the work, so that a progress line can leave before the next step starts. */
export type BulkProgress = (event: BulkProgressEvent) => Promise<void> | void;

/** A client that sends `Accept: application/x-ndjson` reads a bulk write's progress. */
export const PROGRESS_MEDIA_TYPE = 'application/x-ndjson';

/**
 * Runs a bulk write and answers `{message, data}` — or, when the client asks for progress,
 * streams one JSON line per step (`{"progress":{stage,done,total}}`) and ends with
 * `{"result":{message,data}}` or `{"error":{status,message,issues?}}`. The stream's status is
 * 200 whatever the outcome (it is sent before the outcome is known); its last line says it.
 */
export async function replyWithProgress<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  message: string,
  work: (progress: BulkProgress) => Promise<T>,
): Promise<{ message: string; data: T } | undefined> {
  if (!(request.headers.accept ?? '').includes(PROGRESS_MEDIA_TYPE)) {
    return { message, data: await work(() => undefined) };
  }
  const stream = new PassThrough();
  const line = (value: unknown) => stream.write(`${JSON.stringify(value)}\n`);
  void reply.type(PROGRESS_MEDIA_TYPE).header('cache-control', 'no-store').send(stream);
  try {
    const data = await work(async (event) => {
      line({ progress: event });
      // Steps that never wait for I/O (PGlite, the gazetteer) would hold every line until the end.
      await new Promise((resolve) => setImmediate(resolve));
    });
    line({ result: { message, data } });
  } catch (error) {
    if (error instanceof DomainError) {
      const { status, body } = answerOf(error);
      line({ error: { status, ...body } });
    } else {
      request.log.error({ err: error }, 'bulk write failed');
      line({ error: { status: 500, message: API_MESSAGES.request.internal } });
    }
  } finally {
    stream.end();
  }
  // Sent: the handler answers nothing more once the response has finished.
  await reply;
  return undefined;
}
