/**
 * Compresses JSON and HTML answers over a size threshold (decision 1970) with Node's zlib:
 * brotli when the request accepts it, else gzip, else as they are. Files from the build are not
 * compressed here: they have brotli and gzip siblings made at build time, which @fastify/static
 * picks (web-app.ts). Streams (CSV exports, PDFs, files) pass through untouched.
 *
 * Brotli runs at quality 4 (an answer is compressed on every request: quality 4 is about as fast
 * as gzip level 6 and smaller). An answer smaller than the threshold is sent as it is: the
 * headers and the CPU would cost more than the bytes saved. Every answer that could have been
 * compressed carries `Vary: Accept-Encoding`.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const compressibleType = /^(application\/json|text\/html)\b/;
/** Above this an answer is compressed on the thread pool instead of the event loop. */
const SYNC_LIMIT_BYTES = 64 * 1024;
const brotliOptions = (size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type AnswerEncoding = 'br' | 'gzip';

/**
 * The encoding to use for an Accept-Encoding header: br before gzip, either refused by `;q=0`
 * (a `*` counts for both). Null when neither is acceptable.
 */
export function chooseEncoding(header: string | string[] | undefined): AnswerEncoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of [header].flat().join(',').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const quality = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith('q='));
    const value = quality ? Number(quality.slice(2)) : 1;
    accepted.set(name, Number.isFinite(value) ? value : 0);
  }
  const qualityOf = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (qualityOf('br') > 0) return 'br';
  if (qualityOf('gzip') > 0) return 'gzip';
  return null;
}

function appendVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((value) => value.trim());
  if (values.includes('*') || values.some((value) => value.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values.filter(Boolean), 'Accept-Encoding'].join(', '));
}

async function compress(body: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  if (body.length <= SYNC_LIMIT_BYTES) {
    return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.length)) : gzipSync(body);
  }
  return encoding === 'br' ? brotliAsync(body, brotliOptions(body.length)) : gzipAsync(body);
}

export function registerAnswerCompression(app: FastifyInstance, options: { thresholdBytes: number }): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (reply.getHeader('content-encoding') !== undefined) return payload;
    if (!compressibleType.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < options.thresholdBytes) return payload;
    appendVary(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compress(body, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
