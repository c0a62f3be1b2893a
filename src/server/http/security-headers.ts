import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { SERVICE_WORKER_PATH } from '../../shared/pages/service-worker-path';
import type { AppConfig } from '../config';

/** Helmet's settings for this app: a strict same-origin CSP, HSTS in production, no framing. */
export function helmetOptionsFor(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The installable app (decision 1971): its service worker and manifest, same origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options. They depend on the options only (no nonces), so
 * helmet runs once here against a recording response instead of on every request, which is
 * what @fastify/helmet does (it rebuilds helmet and parses the CSP per request: about a
 * tenth of a small JSON answer's cost, decision 1401).
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The policy of an answer that is not a page: it may load nothing and be framed by nothing
 * (OWASP's REST Security Cheat Sheet, "Security headers"), stricter than a page's policy.
 */
export const RESOURCE_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";

/**
 * Headers that only a document (or a worker) reads: the browser ignores them on a script, a
 * stylesheet, a font, an image or a JSON answer, so such answers do not carry them (decision
 * 1975: on a phone each of a page's 13-15 requests paid about 0.35 kB for them).
 */
const documentOnlyHeaders = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Answers that are never a document or a worker: JSON, scripts, stylesheets, fonts, images. */
const resourceContentType =
  /^(application\/(json|problem\+json|manifest\+json|javascript)|text\/(css|javascript)|font\/|image\/)/i;

/** The service worker's script is a worker: its answer's policy governs the worker (and its fetches). */
function isWorkerScript(url: string, serviceWorkerHeader: unknown): boolean {
  return serviceWorkerHeader === 'script' || url.split('?')[0] === SERVICE_WORKER_PATH;
}

/**
 * Every answer (API, pages, files, errors) carries the security headers. Pages, the service
 * worker and anything else a browser may show (PDFs, CSV downloads) get the page's whole set;
 * an answer that can only be loaded as a resource gets the resource policy and drops the
 * document-only headers (decision 1975). HSTS, nosniff, frame denial, the referrer policy and
 * the resource policy stay on every answer.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const headers = securityHeadersOf(helmetOptionsFor(config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      resourceContentType.test(type) &&
      !isWorkerScript(request.url, request.headers['service-worker'])
    ) {
      for (const name of documentOnlyHeaders) reply.removeHeader(name);
      reply.header('content-security-policy', RESOURCE_CONTENT_SECURITY_POLICY);
    }
    done(null, payload);
  });
}
