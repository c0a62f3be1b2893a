import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors/app-error';

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether every string (and key) in a parsed JSON value is well-formed Unicode without NUL. */
function hasOnlyCleanText(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000') && !loneSurrogate.test(value);
  if (Array.isArray(value)) return value.every(hasOnlyCleanText);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).every(([key, item]) => hasOnlyCleanText(key) && hasOnlyCleanText(item));
  }
  return true;
}

/**
 * Fastify's JSON parser (prototype poisoning refused), plus one rule no schema can state for
 * every field: text must be well-formed Unicode without NUL. PostgreSQL cannot store NUL in
 * text (the insert fails), and a lone surrogate would be stored silently as U+FFFD.
 */
export function registerStrictJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, String(body), (error, value) => {
      if (error) return done(error);
      if (!hasOnlyCleanText(value)) {
        return done(
          new AppError('validation_failed', {
            message: 'The request contains characters that are not allowed (NUL or broken Unicode)',
          }),
        );
      }
      done(null, value);
    });
  });
}
