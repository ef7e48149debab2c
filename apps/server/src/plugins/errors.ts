import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIMITS, errorCodeOfStatus } from '@meridian/contracts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type ErrorIssue, MAX_ISSUES, answerOf } from '../lib/errors.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** Fastify's own refusals, in the API's words. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: API_MESSAGES.request.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: API_MESSAGES.request.emptyJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: API_MESSAGES.request.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: API_MESSAGES.request.contentLengthMismatch,
};

type ValidationError = Parameters<typeof hasZodFastifySchemaValidationErrors>[0];
type ValidationIssue = {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: unknown;
};

/** "body.name: Name is required" style: names the field that is wrong. */
function issueOf(issue: ValidationIssue, where: string): ErrorIssue {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const keys = (issue.params as { keys?: string[] } | undefined)?.keys;
  if (issue.keyword === 'unrecognized_keys' && keys?.length) {
    return {
      path: field || where,
      message: API_MESSAGES.request.unknownFields(keys),
    };
  }
  return { path: field || where, message: issue.message ?? 'is invalid' };
}

type ValidationBody = { code: 'BAD_REQUEST'; message: string; issues?: ErrorIssue[] };

/** The first problem as the message; every problem (a bulk body's rows) as issues. */
function validationBody(error: ValidationError): ValidationBody {
  const code = 'BAD_REQUEST';
  if (!hasZodFastifySchemaValidationErrors(error))
    return { code, message: API_MESSAGES.request.invalid };
  const where =
    error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  const issues = error.validation.slice(0, MAX_ISSUES).map((issue) => issueOf(issue, where));
  const [first] = issues;
  if (!first) return { code, message: API_MESSAGES.request.invalid };
  const message = `${first.path}: ${first.message}`;
  return issues.length > 1 ? { code, message, issues } : { code, message };
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      const { status, body } = answerOf(error);
      return reply.status(status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The id is in the answer's X-Request-Id and its message: a user's report finds this line.
      request.log.error({ err: error }, `request ${request.id} failed`);
      return reply
        .status(500)
        .send({ code: 'INTERNAL', message: API_MESSAGES.request.internalError(request.id) });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? LIMITS.bodyBytes;
      return reply.status(status).send({
        code: 'PAYLOAD_TOO_LARGE',
        message: API_MESSAGES.request.tooLarge(limit),
      });
    }
    const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? error.message;
    return reply.status(status).send({ code: errorCodeOfStatus(status), message });
  });
});
