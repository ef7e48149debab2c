import type { AppConfig } from '../../config.js';
import { excerpt } from '../../lib/fact-format.js';
import { serverSentEvents } from './sse.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

export type LlmSettings = NonNullable<AppConfig['llm']>;
export type ChatMessage = { role: 'system' | 'user'; content: string };

/** Why the model gave no answer, in words for the user, with what it wrote before it stopped. */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly partial: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

const DETAIL_CHARS = 200;

type Chunk = {
  choices?: {
    delta?: { content?: unknown };
    message?: { content?: unknown };
    finish_reason?: unknown;
  }[];
  error?: unknown;
};

/** The provider's own words from an error body (`{error: {message}}`, `{error: "…"}`, `{message}`). */
function providerMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const inner = (error as { message?: unknown }).message;
    if (typeof inner === 'string') return inner;
  }
  return typeof message === 'string' ? message : null;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * A chat-completions client for any OpenAI-compatible server (OpenAI, Azure-style gateways,
 * Ollama, vLLM): streams the answer (`stream: true`, server-sent events) and hands each piece
 * on as it arrives. The whole call — connection, waiting, streaming — has one deadline.
 */
export class LlmClient {
  constructor(private readonly settings: LlmSettings) {}

  get model(): string {
    return this.settings.model;
  }

  /** The answer; each piece goes to `onText` first. Fails with a ModelError. */
  async complete(
    messages: readonly ChatMessage[],
    onText: (text: string) => Promise<void> | void,
  ): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    let answer = '';
    const failed = (detail: string) =>
      new ModelError(API_MESSAGES.analysis.modelFailed(excerpt(detail, DETAIL_CHARS)), answer);
    try {
      const response = await fetch(this.url(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream, application/json',
          ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: this.settings.model, stream: true, messages }),
        signal: controller.signal,
      });
      if (!response.ok) {
        const said = providerMessage(parseJson(await response.text()));
        throw failed(`HTTP ${response.status}${said ? `: ${said}` : ''}`);
      }
      // A server that ignores `stream: true` answers in one JSON document.
      if ((response.headers.get('content-type') ?? '').includes('application/json')) {
        const chunk = parseJson(await response.text()) as Chunk | undefined;
        const content = chunk?.choices?.[0]?.message?.content;
        if (typeof content !== 'string')
          throw failed(providerMessage(chunk) ?? 'unexpected answer');
        answer = content;
        await onText(content);
      } else {
        await this.read(response, failed, async (text) => {
          answer += text;
          await onText(text);
        });
      }
      if (!answer.trim()) throw failed('the answer was empty');
      return answer;
    } catch (error) {
      if (error instanceof ModelError) throw error;
      if (controller.signal.aborted)
        throw new ModelError(API_MESSAGES.analysis.modelTimeout, answer);
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      throw failed(
        `could not reach the model's server${typeof cause === 'string' ? ` (${cause})` : ''}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** `${LLM_BASE_URL}/chat/completions`, keeping a query string the gateway needs (api-version). */
  private url(): string {
    const url = new URL(this.settings.baseUrl);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
    return url.toString();
  }

  /** Hands on each piece of a streamed answer until `[DONE]` (or a finished end of stream). */
  private async read(
    response: Response,
    failed: (detail: string) => ModelError,
    onText: (text: string) => Promise<void>,
  ): Promise<void> {
    if (!response.body) throw failed('no answer body');
    let finished = false;
    for await (const event of serverSentEvents(response.body)) {
      if (event.data.trim() === '[DONE]') return;
      const chunk = parseJson(event.data) as Chunk | undefined;
      if (typeof chunk !== 'object' || chunk === null) {
        throw failed('the answer stream was malformed');
      }
      if (chunk.error !== undefined) {
        throw failed(providerMessage(chunk) ?? 'the model reported an error');
      }
      // Some providers open with a chunk without choices (content filters, usage).
      const choice = chunk.choices?.[0];
      const content = choice?.delta?.content;
      if (typeof content === 'string' && content) await onText(content);
      if (typeof choice?.finish_reason === 'string') finished = true;
    }
    if (!finished) throw failed('the answer stream ended before the answer did');
  }
}
