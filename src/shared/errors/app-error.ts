export type AppErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  /** A sensitive action needs a fresh SMS code first (PRODUCT.md 7). */
  | 'step_up_required'
  /** An admin call without its session's x-admin-token (PRODUCT.md 24); the page fetches the token again. */
  | 'admin_token_invalid'
  | 'not_found'
  | 'conflict'
  | 'stale'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unavailable'
  /** A provider the action depends on (the payment rail) cannot be reached; its message says what did not happen. */
  | 'provider_unavailable'
  | 'internal';

const defaultStatus: Record<AppErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  step_up_required: 403,
  admin_token_invalid: 403,
  not_found: 404,
  conflict: 409,
  stale: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unavailable: 503,
  provider_unavailable: 503,
  internal: 500,
};

export interface AppErrorOptions {
  message?: string;
  status?: number;
  /** Seconds the caller should wait before retrying (rate limits). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** The one error type of the platform: a code callers can branch on and a message users can read. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? defaultStatus[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * A 5xx hides its text from users (it may describe a bug), except an outage of a provider:
 * that answer is written for the investor (what did not happen, when to try again), so the
 * server sends it and the web app shows it as sent (decision 1850).
 */
export function isUserFacingFailure(code: string | null | undefined): boolean {
  return code === 'provider_unavailable';
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'message' in error;
}
