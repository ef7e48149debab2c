import { ERROR_STATUS, type ErrorCode } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';

/**
 * Domain errors carry a code (contracts' ERROR_CODES); one error handler answers each with its
 * status and {code, message}.
 */
export type { ErrorCode };

/** Problems listed in one answer at most: a 50,000-row file may have that many. */
export const MAX_ISSUES = 1000;

/** One problem of a refused request: where (`sites.12.address`) and what. */
export type ErrorIssue = { path: string; message: string };

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Seconds the client should wait, for TOO_MANY_REQUESTS and SERVICE_UNAVAILABLE. */
    readonly retryAfterSeconds?: number,
    /** Every problem, when a request has several (a bulk write's rows). */
    readonly issues?: readonly ErrorIssue[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string) => new DomainError('BAD_REQUEST', message);
/** A 400 naming every problem found (as issues when several); its message is the first one's. */
export const invalidRows = (issues: readonly ErrorIssue[]) => {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new DomainError(
    'BAD_REQUEST',
    first ? `${first.path}: ${first.message}${more}` : API_MESSAGES.request.invalid,
    undefined,
    issues.length > 1 ? issues : undefined,
  );
};
export const unauthorized = (message: string = API_MESSAGES.request.authenticationRequired) =>
  new DomainError('UNAUTHORIZED', message);
export const forbidden = (message: string = API_MESSAGES.request.forbidden) =>
  new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
/** The record changed since the client read it: reading it again and retrying can succeed. */
export const stale = (message: string) => new DomainError('STALE', message);
export const gone = (message: string) => new DomainError('GONE', message);

/** The status and body a domain error answers with (the error handler's and a stream's). */
export const answerOf = (error: DomainError) => ({
  status: ERROR_STATUS[error.code],
  body: {
    code: error.code,
    message: error.message,
    ...(error.issues ? { issues: error.issues.slice(0, MAX_ISSUES) } : {}),
  },
});
