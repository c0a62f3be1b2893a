import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { safeEqual } from '../../security/tokens';
import { appMetricsOf } from './app-metrics';

/** Counts every answered request by its route pattern (never the raw URL, which carries ids). */
export function registerRequestMetrics(app: FastifyInstance, context: AppContext): void {
  const metrics = appMetricsOf(context);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

const notFound = () => new AppError('not_found', { message: 'Not found' });

/**
 * `GET /metrics` in Prometheus text format, for a scraper holding METRICS_TOKEN as a bearer
 * token. Without the setting the endpoint does not exist (404), and a wrong token gets the same
 * 404, so its existence is not advertised.
 */
export function metricsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const token = context.config.METRICS_TOKEN;
      if (!token) throw notFound();
      const header = request.headers.authorization ?? '';
      const offered = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!offered || !safeEqual(offered, token)) throw notFound();
      const { registry } = appMetricsOf(context);
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  };
}
