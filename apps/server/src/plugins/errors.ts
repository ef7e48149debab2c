import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, STATUS_BY_CODE } from '../lib/errors.js';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large (limit 1 MiB)',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but the content type is JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

/** "body.name: Name is required" style: names the field that is wrong. */
function validationMessage(
  error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0],
): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return 'Invalid request';
  const first = error.validation[0];
  if (!first) return 'Invalid request';
  const where =
    error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const keys = (first.params as { keys?: string[] } | undefined)?.keys;
  if (first.keyword === 'unrecognized_keys' && keys?.length) {
    const location = field || where;
    return `${location}: unknown field${keys.length > 1 ? 's' : ''} ${keys.map((key) => `"${key}"`).join(', ')}`;
  }
  return field
    ? `${field}: ${first.message ?? 'is invalid'}`
    : `${where}: ${first.message ?? 'is invalid'}`;
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(STATUS_BY_CODE[error.code]).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ message: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    const message = (error.code && FASTIFY_MESSAGES[error.code]) ?? error.message;
    return reply.status(status).send({ message });
  });
});
