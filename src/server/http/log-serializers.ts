import type { FastifyRequest } from 'fastify';

/**
 * How a request appears in log lines: method and path, never the query string. Queries carry
 * tokens (unsubscribe links, bank-link sessions) and PII (the back office searches by name,
 * e-mail and phone), and a log line must hold neither.
 */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    hasQuery: request.url.includes('?'),
    remoteAddress: request.ip,
  };
}
