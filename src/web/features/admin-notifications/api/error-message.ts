import { ApiError } from '../../../lib/api-client';

/** The server's own words for a refused request (admin spec 8: "the message"), else the fallback. */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}
