import { describe, expect, it } from 'vitest';
import { EventStreamParser, type ServerSentEvent } from './sse.js';

const STREAM = [
  ': a comment the parser skips',
  'data: {"choices":[{"delta":{"content":"Héllo"}}]}',
  '',
  'event: note',
  'data: first line',
  'data:second line',
  '',
  'data: [DONE]',
  '',
  '',
].join('\n');

const EXPECTED: ServerSentEvent[] = [
  { event: 'message', data: '{"choices":[{"delta":{"content":"Héllo"}}]}' },
  { event: 'note', data: 'first line\nsecond line' },
  { event: 'message', data: '[DONE]' },
];

/** Feeds the bytes in the given pieces and collects every event, the end included. */
function parse(pieces: readonly Uint8Array[]): ServerSentEvent[] {
  const parser = new EventStreamParser();
  return [...pieces.flatMap((piece) => parser.push(piece)), ...parser.end()];
}

const split = (bytes: Uint8Array, at: readonly number[]) =>
  [0, ...at, bytes.length].slice(1).map((end, index, ends) => {
    const start = index === 0 ? 0 : (ends[index - 1] ?? 0);
    return bytes.subarray(start, end);
  });

describe('the event-stream parser', () => {
  it('reads a whole stream in one chunk', () => {
    expect(parse([new TextEncoder().encode(STREAM)])).toEqual(EXPECTED);
  });

  it('gives the same events whatever the chunk boundaries: mid-line, mid-field, mid-character', () => {
    const bytes = new TextEncoder().encode(STREAM);
    for (let at = 1; at < bytes.length; at += 1) {
      expect(parse(split(bytes, [at])), `split at byte ${at}`).toEqual(EXPECTED);
    }
    expect(parse([...bytes].map((byte) => Uint8Array.of(byte)))).toEqual(EXPECTED);
  });

  it('takes CRLF and CR line ends, a CRLF split between two chunks included', () => {
    const crlf = new TextEncoder().encode(STREAM.replaceAll('\n', '\r\n'));
    const cr = new TextEncoder().encode(STREAM.replaceAll('\n', '\r'));
    for (let at = 1; at < crlf.length; at += 1) {
      expect(parse(split(crlf, [at])), `CRLF split at byte ${at}`).toEqual(EXPECTED);
    }
    expect(parse([cr])).toEqual(EXPECTED);
  });

  it('keeps a last event whose blank line never came, and strings work as chunks', () => {
    const parser = new EventStreamParser();
    expect(parser.push('data: one\n\ndata: tw')).toEqual([{ event: 'message', data: 'one' }]);
    expect(parser.push('o')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'message', data: 'two' }]);
  });
});
