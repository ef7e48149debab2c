/** Domain errors carry an HTTP-meaningful code; one error handler maps them to a status and {message}. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'GONE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

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
    first ? `${first.path}: ${first.message}${more}` : 'Invalid request',
    undefined,
    issues.length > 1 ? issues : undefined,
  );
};
export const unauthorized = (message = 'Authentication required') =>
  new DomainError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const gone = (message: string) => new DomainError('GONE', message);

/** The status and body a domain error answers with (the error handler's and a stream's). */
export const answerOf = (error: DomainError) => ({
  status: STATUS_BY_CODE[error.code],
  body: {
    message: error.message,
    ...(error.issues ? { issues: error.issues.slice(0, MAX_ISSUES) } : {}),
  },
});
