/** Domain errors carry an HTTP-meaningful code; one error handler maps them to a status and {message}. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'GONE'
  | 'TOO_MANY_REQUESTS';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  TOO_MANY_REQUESTS: 429,
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Seconds the client should wait, for TOO_MANY_REQUESTS. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string) => new DomainError('BAD_REQUEST', message);
export const unauthorized = (message = 'Authentication required') =>
  new DomainError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const gone = (message: string) => new DomainError('GONE', message);
