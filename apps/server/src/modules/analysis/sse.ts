/** One server-sent event: its type (`message` unless the stream named it) and its data. */
export type ServerSentEvent = { event: string; data: string };

/**
 * Reads a `text/event-stream` as it arrives, after the WHATWG rules: lines end in CRLF, LF or
 * CR, `data:` lines join with LF, a blank line ends an event, `:` starts a comment. A chunk
 * may end anywhere: mid-line, between CR and LF, or inside a multi-byte character.
 */
export class EventStreamParser {
  private readonly decoder = new TextDecoder();
  private buffer = '';
  /** The last chunk ended in CR: an LF opening the next one belongs to that line end. */
  private afterCr = false;
  private event = '';
  private data: string[] = [];

  /** The events this chunk completes. */
  push(chunk: Uint8Array | string): ServerSentEvent[] {
    let text =
      this.buffer +
      (typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }));
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1);
    this.afterCr = false;
    const events: ServerSentEvent[] = [];
    let start = 0;
    for (let at = 0; at < text.length; at += 1) {
      const char = text[at];
      if (char !== '\n' && char !== '\r') continue;
      this.line(text.slice(start, at), events);
      if (char === '\r') {
        if (at + 1 === text.length) this.afterCr = true;
        else if (text[at + 1] === '\n') at += 1;
      }
      start = at + 1;
    }
    this.buffer = text.slice(start);
    return events;
  }

  /**
   * The events left when the stream ends. The standard drops an event its blank line never
   * closed; a provider that forgets the last blank line still means it, so it is kept.
   */
  end(): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    const rest = this.buffer + this.decoder.decode();
    this.buffer = '';
    if (rest) this.line(rest, events);
    this.line('', events);
    return events;
  }

  private line(line: string, events: ServerSentEvent[]): void {
    if (line === '') {
      if (this.data.length > 0) {
        events.push({ event: this.event || 'message', data: this.data.join('\n') });
      }
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
  }
}

/** The events of a byte stream (a fetch body), each as soon as its blank line arrives. */
export async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const parser = new EventStreamParser();
  // Read through a reader: ReadableStream's async iteration is not in every TypeScript lib.
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(value);
    }
    finished = true;
  } finally {
    // A reader that stops early (the answer is complete) lets go of the rest of the stream.
    if (!finished) await reader.cancel().catch(() => undefined);
  }
  yield* parser.end();
}
