/** One server-sent event: its type (`message` when unnamed) and its data lines joined. */
export type SseEvent = { event: string; data: string; id?: string };

export type SseParser = {
  /** Reads the next piece of the stream, text or bytes; returns the events it completed. */
  push: (chunk: string | Uint8Array) => SseEvent[];
  /** The stream ended: a last event not followed by its blank line still counts. */
  end: () => SseEvent[];
};

/**
 * An incremental parser of `text/event-stream` (the WHATWG "event stream interpretation"):
 * chunks may split a line, a `\r\n` pair or a UTF-8 character anywhere. Lines end with `\n`,
 * `\r` or `\r\n`; `:` starts a comment; an event is dispatched at a blank line, and only when it
 * has data. `retry` is ignored: the caller decides whether to ask again.
 */
export function createSseParser(): SseParser {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let started = false;
  /** The previous chunk ended with `\r`: a `\n` opening the next one belongs to it. */
  let afterCarriageReturn = false;
  let eventType = '';
  let data: string[] = [];
  let lastId: string | undefined;

  const dispatch = (events: SseEvent[]) => {
    if (data.length > 0) {
      events.push({
        event: eventType || 'message',
        data: data.join('\n'),
        ...(lastId === undefined ? {} : { id: lastId }),
      });
    }
    eventType = '';
    data = [];
  };

  const processLine = (line: string, events: SseEvent[]) => {
    if (line === '') {
      dispatch(events);
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      default:
        break;
    }
  };

  const consume = (text: string): SseEvent[] => {
    const events: SseEvent[] = [];
    if (text === '') return events;
    let input = text;
    if (!started) {
      started = true;
      if (input.startsWith('\uFEFF')) input = input.slice(1);
    }
    if (afterCarriageReturn && input.startsWith('\n')) input = input.slice(1);
    afterCarriageReturn = false;
    buffer += input;
    let start = 0;
    for (let index = 0; index < buffer.length; index += 1) {
      const char = buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      processLine(buffer.slice(start, index), events);
      if (char === '\r') {
        if (index + 1 === buffer.length) afterCarriageReturn = true;
        else if (buffer[index + 1] === '\n') index += 1;
      }
      start = index + 1;
    }
    buffer = buffer.slice(start);
    return events;
  };

  return {
    push: (chunk) =>
      consume(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })),
    end: () => {
      const events = consume(decoder.decode());
      if (buffer !== '') {
        processLine(buffer, events);
        buffer = '';
      }
      dispatch(events);
      return events;
    },
  };
}
