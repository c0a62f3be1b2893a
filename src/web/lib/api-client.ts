/**
 * The one fetch wrapper of the web app: JSON in and out, same-origin cookies, and errors
 * turned into ApiError carrying the server's {error: {code, message}} text. When the server
 * gives no usable text (a non-JSON reply or a 5xx) the error carries the spec's fallback
 * message for that request, never a bare status text like "Internal Server Error" (a server
 * function's failure names the function, as the spec's edge-function helper does).
 */
import { isUserFacingFailure } from '../../shared/errors/app-error';
import { takeFirstAnswer } from './first-answers';
import { fallbackMessageFor } from './request-fallback-messages';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;

  constructor(status: number, code: string, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as the request body itself (uploads), with its own content type. */
  file?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The message shown when the server gives no usable text; defaults to the spec's message for the request. */
  fallbackMessage?: string;
}

function messageOf(status: number, body: unknown, fallback: string): { code: string; message: string } {
  // A 5xx never explains itself to a user (the server hides its details): the request's own
  // message does, unless the server wrote the answer for the user (a provider outage).
  if (status >= 500 && !isUserFacingFailure(errorCodeOf(body)))
    return { code: errorCodeOf(body) ?? 'server_error', message: fallback };
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'object' && error !== null && 'message' in error) {
      const typed = error as { code?: unknown; message?: unknown };
      return { code: String(typed.code ?? 'error'), message: String(typed.message ?? fallback) };
    }
    if (typeof error === 'string' && error) return { code: 'error', message: error };
  }
  return { code: 'error', message: fallback };
}

function errorCodeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return String((error as { code: unknown }).code);
}

export async function apiRequest<Response>(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.file) headers['content-type'] = options.file.type || 'application/octet-stream';
  const method = options.method ?? (options.body === undefined && !options.file ? 'GET' : 'POST');
  let response: globalThis.Response;
  // The answer the server-rendered page was drawn from, on the page's first read of it (decision 1985).
  const firstAnswer = method === 'GET' && !options.file ? takeFirstAnswer(path) : null;
  try {
    response =
      firstAnswer ??
      (await fetch(path, {
        method,
        headers,
        body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        credentials: 'same-origin',
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', NETWORK_ERROR_MESSAGE, null);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    const fallback = options.fallbackMessage ?? fallbackMessageFor(method, path, response);
    const { code, message } = messageOf(response.status, body, fallback);
    throw new ApiError(response.status, code, message, body);
  }
  return body as Response;
}

/** POST to a named server function (`/functions/v1/<name>`), returning its JSON even on 4xx answers that carry the spec's {ok|success, error} shape. */
export async function callFunction<Response>(
  name: string,
  payload: unknown = {},
  options: Pick<RequestOptions, 'fallbackMessage'> = {},
): Promise<Response> {
  try {
    return await apiRequest<Response>(`/functions/v1/${name}`, { ...options, method: 'POST', body: payload });
  } catch (error) {
    if (error instanceof ApiError && isSpecShapedAnswer(error.body)) return error.body as Response;
    throw error;
  }
}

/** A function's own refusal ({ok|success: false, error: "text" | null}) as opposed to the platform's {error: {code, message}}. */
function isSpecShapedAnswer(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return !(typeof error === 'object' && error !== null);
}
