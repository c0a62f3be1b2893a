import type { FastifyReply } from 'fastify';
import { AppError } from '../../../shared/errors/app-error';

/**
 * Runs a handler whose failures keep the success body's shape ({ok, error, ...}): an
 * AppError becomes that shape with the error's status (and retry-after). Anything else is
 * a bug and reaches the one error handler.
 */
export async function answerInShape<T>(
  reply: FastifyReply,
  run: () => Promise<T>,
  failure: (error: AppError) => T,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'internal') throw error;
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    reply.status(error.status);
    return failure(error);
  }
}
