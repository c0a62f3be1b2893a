import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * State-changing requests from a browser must come from our own origin (CSRF defence in
 * depth next to SameSite cookies). Requests without an Origin header are not from a
 * cross-site page (browsers always send it on cross-site POSTs), so they pass.
 */
export function registerOriginCheck(app: FastifyInstance, config: AppConfig): void {
  const allowed = new Set([new URL(config.appUrl).origin]);
  app.addHook('onRequest', async (request, reply) => {
    if (!stateChanging.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const host = request.headers.host;
    if (allowed.has(origin)) return;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
    return reply
      .status(403)
      .serializer(JSON.stringify)
      .send({ error: { code: 'forbidden', message: 'Cross-site request refused' } });
  });
}
