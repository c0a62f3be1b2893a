import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isUserFacingFailure } from '../../shared/errors/app-error';

function firstValidationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    if (issue) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return path ? `${path}: ${issue.message ?? 'is invalid'}` : (issue.message ?? 'Invalid request');
    }
  }
  return error.message;
}

export const databaseUnavailableMessage = 'The service is briefly unavailable. Please try again in a moment.';

/** Socket errors and PostgreSQL's "connection exception" (08) and "operator intervention" (57P) classes. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

/** Whether an error (or one it wraps: drizzle wraps the driver's) means the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(
        current.message,
      )
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/** The one error handler: AppError -> {error: {code, message}}; 5xx hide their details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // Errors always leave in the one error shape, whatever the route's success schema says.
    reply.serializer(JSON.stringify);
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.status >= 500) request.log.error({ err: error }, 'application error');
      return reply.status(error.status).send({
        error: {
          code: error.code,
          message:
            error.status >= 500 && !isUserFacingFailure(error.code) ? 'Something went wrong' : error.message,
        },
      });
    }
    const fastifyError = error as FastifyError;
    if (hasZodFastifySchemaValidationErrors(fastifyError) || fastifyError.validation) {
      return reply
        .status(400)
        .send({ error: { code: 'validation_failed', message: firstValidationMessage(fastifyError) } });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status < 500) {
      const code =
        status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'rate_limited'
              : status === 404
                ? 'not_found'
                : 'bad_request';
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON'
          : status === 415
            ? 'Unsupported content type'
            : fastifyError.message;
      return reply.status(status).send({ error: { code, message } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: { code: 'unavailable', message: databaseUnavailableMessage } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: 'Something went wrong' } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
    });
  });
}

/**
 * Errors Fastify's router raises before any route or hook runs (a malformed URL, a path
 * parameter longer than the router takes): answered in the one error shape too.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply
    .status(isTooLong ? 414 : 400)
    .serializer(JSON.stringify)
    .send({
      error: isTooLong
        ? { code: 'bad_request', message: 'A part of the address is too long' }
        : { code: 'bad_request', message: 'The request address is not valid' },
    });
}
