/**
 * Logs a person reads in a terminal, for development only: one short line per event and one
 * per answered request ("GET /api/session 200 4 ms"), through pino-pretty. Production and tests
 * keep pino's JSON lines for a log collector. Redaction (app.ts) happens before either, and the
 * request line names the path without its query, so neither holds secrets or PII.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { AppConfig } from '../config';

const quietPaths = new Set(['/healthz', '/readyz']);

export function isPrettyLogging(config: AppConfig): boolean {
  return config.NODE_ENV === 'development';
}

export function prettyLogStream() {
  return pinoPretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    // Written at once, so the start-up banner (main.ts) comes after the lines before it.
    sync: true,
  });
}

/** One line per answered request, instead of Fastify's two objects (received, completed). */
export class DevelopmentLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const path = request.url.split('?')[0] ?? '/';
    if (quietPaths.has(path)) return;
    const line = `${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
