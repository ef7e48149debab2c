import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse';

const STREAM =
  'event: delta\ndata: {"text":"Port "}\n\n' +
  'event: delta\ndata: {"text":"closed ✓"}\n\n' +
  ': keep-alive\n\n' +
  'event: done\ndata: {"id":"a1"}\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'delta', data: '{"text":"Port "}' },
  { event: 'delta', data: '{"text":"closed ✓"}' },
  { event: 'done', data: '{"id":"a1"}' },
];

/** Feeds the pieces in order and collects every event, the end of the stream included. */
function parseAll(pieces: readonly (string | Uint8Array)[]): SseEvent[] {
  const parser = createSseParser();
  return [...pieces.flatMap((piece) => parser.push(piece)), ...parser.end()];
}

describe('createSseParser', () => {
  it('reads named events, skips comments and keep-alives', () => {
    expect(parseAll([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events however the text is cut, one character at a time included', () => {
    expect(parseAll(STREAM.split(''))).toEqual(EXPECTED);
    for (let cut = 1; cut < STREAM.length; cut += 7) {
      expect(parseAll([STREAM.slice(0, cut), STREAM.slice(cut)])).toEqual(EXPECTED);
    }
  });

  it('decodes UTF-8 split inside a character', () => {
    const bytes = new TextEncoder().encode(STREAM);
    const tick = bytes.indexOf(0xe2); // the first byte of "✓"
    expect(
      parseAll([bytes.slice(0, tick + 1), bytes.slice(tick + 1, tick + 2), bytes.slice(tick + 2)]),
    ).toEqual(EXPECTED);
    expect(parseAll(Array.from(bytes, (byte) => Uint8Array.of(byte)))).toEqual(EXPECTED);
  });

  it('accepts \\r\\n and \\r line ends, even with the pair split between chunks', () => {
    const crlf = STREAM.replaceAll('\n', '\r\n');
    expect(parseAll([crlf])).toEqual(EXPECTED);
    const pairAt = crlf.indexOf('\r\n');
    expect(parseAll([crlf.slice(0, pairAt + 1), crlf.slice(pairAt + 1)])).toEqual(EXPECTED);
    expect(parseAll([STREAM.replaceAll('\n', '\r')])).toEqual(EXPECTED);
  });

  it('joins multi-line data, takes an unnamed event as "message" and keeps the last id', () => {
    expect(parseAll(['id: 7\ndata: first\ndata:second\ndata\n\n'])).toEqual([
      { event: 'message', data: 'first\nsecond\n', id: '7' },
    ]);
  });

  it('strips only one space after the colon, and a byte-order mark at the start', () => {
    expect(parseAll(['\uFEFFevent:delta\ndata:  two spaces\n\n'])).toEqual([
      { event: 'delta', data: ' two spaces' },
    ]);
  });

  it('dispatches nothing for an event without data, and resets the name after each event', () => {
    expect(parseAll(['event: ping\n\ndata: plain\n\n'])).toEqual([
      { event: 'message', data: 'plain' },
    ]);
  });

  it('still delivers a last event whose blank line never came', () => {
    const parser = createSseParser();
    expect(parser.push('event: done\ndata: {"ok":true}')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'done', data: '{"ok":true}' }]);
  });
});
