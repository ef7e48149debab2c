import * as WEB_MESSAGES from '@/config/messages';
import type { ErrorIssue } from '@meridian/contracts';
import { ERROR_CODES, type ErrorCode, errorCodeOfStatus } from '@meridian/contracts/constants';
import type { z } from 'zod';
import { getActiveOrganizationId } from './active-organization';
import { apiUrl } from './api-base-url';
import { endSession, getAccessToken } from './auth-tokens';

export const ACT_AS_ORGANIZATION_HEADER = 'X-Act-As-Organization';

/** An API failure with the message to show; status 0 means the server was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    /** Every problem the server named, when it named several (a bulk write's rows). */
    readonly issues: readonly ErrorIssue[] = [],
    /**
     * What went wrong, to branch on (the message is for people): the server's code, else the
     * one its status implies (a proxy's answer, a spec-shaped reply without one).
     */
    readonly code: ErrorCode = errorCodeOfStatus(status),
  ) {
    super(message);
  }
}

/** The code a failed reply's body names, if it names one Meridian knows. */
export const codeOf = (body: unknown): ErrorCode | undefined => {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  const { code } = body;
  return ERROR_CODES.find((known) => known === code);
};

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A zod schema, or a loader of one (see lazySchema) for the calls of the login page. */
export type ReplySchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

export type RequestOptions<T> = {
  method?: HttpMethod;
  body?: unknown;
  /** The shape of a successful reply; anything else is reported with `malformedMessage`. */
  schema: ReplySchema<T>;
  /** Used when a failed reply carries no message of its own. */
  fallbackMessage: string | ((status: number) => string);
  malformedMessage?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

const MAX_TEXT_MESSAGE_LENGTH = 300;

/**
 * How a request goes out: the page's own fetch, or a worker's that reads the body where it is
 * used (Atlas's incident list) and answers the page with its status and headers.
 */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

const pageFetch: Transport = (url, init) => fetch(url, init);

async function send(path: string, init: RequestInit, transport = pageFetch): Promise<Response> {
  try {
    return await transport(apiUrl(path), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(WEB_MESSAGES.common.networkError, 0);
  }
}

/** The server's {message}, a non-JSON body as text (spec part 7), or null. */
/** A failed reply's message and code, when its body names them. */
async function readError(
  response: Response,
): Promise<{ message: string | null; code: ErrorCode | undefined }> {
  const text = (await response.text().catch(() => '')).trim();
  if (!text) return { message: null, code: undefined };
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body;
      return {
        message: typeof message === 'string' && message.trim() ? message : null,
        code: codeOf(body),
      };
    }
    return { message: null, code: codeOf(body) };
  } catch {
    return { message: text.slice(0, MAX_TEXT_MESSAGE_LENGTH), code: undefined };
  }
}

export async function readErrorMessage(response: Response): Promise<string | null> {
  return (await readError(response)).message;
}

async function toApiError(
  response: Response,
  fallback: RequestOptions<unknown>['fallbackMessage'],
): Promise<ApiError> {
  const { message, code } = await readError(response);
  return new ApiError(
    message ?? (typeof fallback === 'function' ? fallback(response.status) : fallback),
    response.status,
    [],
    code,
  );
}

async function parseReply<T>(response: Response, options: RequestOptions<T>): Promise<T> {
  if (!response.ok) throw await toApiError(response, options.fallbackMessage);
  const malformed = new ApiError(
    options.malformedMessage ??
      (typeof options.fallbackMessage === 'function'
        ? options.fallbackMessage(response.status)
        : options.fallbackMessage),
    response.status,
  );
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw malformed;
  }
  const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw malformed;
  return parsed.data;
}

/**
 * Every request declares a JSON body (spec part 7). A bodiless POST, PUT or DELETE sends `{}`,
 * because a JSON content type with an empty body is a malformed request.
 */
const jsonInit = (method: HttpMethod, body: unknown, headers: Record<string, string>) => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
});

/** A request that needs no session (sign-in, public configuration, account requests). */
export async function publicRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const response = await send(path, {
    ...jsonInit(options.method ?? 'GET', options.body, options.headers ?? {}),
    signal: options.signal,
  });
  return parseReply(response, options);
}

let refreshInFlight: Promise<string> | null = null;

/** One refresh at a time: concurrent 401s share it, so a rotated refresh token is used once. */
export function refreshAccessToken(): Promise<string> {
  // The exchange loads with the first refresh: the login page never needs it.
  refreshInFlight ??= import('./token-refresh')
    .then(({ exchangeRefreshToken }) =>
      exchangeRefreshToken({
        request: publicRequest,
        missing: () => new ApiError(WEB_MESSAGES.auth.noRefreshToken, 401),
      }),
    )
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

export function authHeaders(accessToken: string | null, actAsOrganization: boolean) {
  const headers: Record<string, string> = {};
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const organizationId = actAsOrganization ? getActiveOrganizationId() : null;
  if (organizationId) headers[ACT_AS_ORGANIZATION_HEADER] = organizationId;
  return headers;
}

/**
 * Sends an authenticated request (bearer, JSON, act-as header). On a 401 it refreshes the
 * token once and retries without the organization header; if that fails the session ends.
 */
export async function authenticatedFetch(
  path: string,
  init: {
    method?: HttpMethod;
    body?: unknown;
    signal?: AbortSignal;
    /** Extra headers (e.g. If-None-Match); the authentication headers are the client's own. */
    headers?: Record<string, string>;
    /** Who sends it, the retry after a refresh included; the page's fetch by default. */
    transport?: Transport;
  } = {},
): Promise<Response> {
  const method = init.method ?? 'GET';
  const usedToken = getAccessToken();
  const response = await send(
    path,
    {
      ...jsonInit(method, init.body, { ...init.headers, ...authHeaders(usedToken, true) }),
      signal: init.signal,
    },
    init.transport,
  );
  if (response.status !== 401) return response;

  let freshToken: string;
  try {
    const currentToken = getAccessToken();
    // Another request may already have refreshed while this one was in flight.
    freshToken =
      currentToken && currentToken !== usedToken ? currentToken : await refreshAccessToken();
  } catch {
    endSession();
    throw new ApiError(WEB_MESSAGES.auth.authenticationFailed, 401);
  }
  const retried = await send(
    path,
    {
      ...jsonInit(method, init.body, { ...init.headers, ...authHeaders(freshToken, false) }),
      signal: init.signal,
    },
    init.transport,
  );
  if (retried.status === 401) {
    endSession();
    throw new ApiError(WEB_MESSAGES.auth.authenticationFailed, 401);
  }
  return retried;
}

export async function authenticatedRequest<T>(
  path: string,
  options: RequestOptions<T>,
): Promise<T> {
  const response = await authenticatedFetch(path, options);
  return parseReply(response, options);
}
