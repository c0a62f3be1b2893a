/**
 * The transfer rail's webhook (decision 1500): POST /api/webhooks/plaid. Plaid calls it without
 * a session; the signed JWT in `Plaid-Verification` is the only credential. The body is read as
 * the exact text received (its SHA-256 is signed), verified, then parsed. An unverified call
 * gets 401 and changes nothing; a verified one already taken (a replay) changes nothing either.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plaidWebhookAnswer } from '../../../shared/payments/ach-webhook-contracts';
import type { AppContext } from '../../context';
import { handlePlaidWebhook } from './webhook-service';
import { plaidWebhookVerifier, type WebhookVerifier } from './webhook-verification';

/** Plaid's webhook bodies are small JSON objects. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export function achRailRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const ach = context.providers.ach;
    const verifier: WebhookVerifier | null = ach.name === 'plaid' ? plaidWebhookVerifier(ach) : null;
    // The signature covers the body as sent: keep it as text here (this plugin only).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, String(body)),
    );
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/webhooks/plaid',
      {
        schema: {
          tags: ['webhooks'],
          summary:
            "Plaid's webhook (TRANSFER_EVENTS_UPDATE starts an event sync); verified by its signed JWT",
          headers: z.object({ 'plaid-verification': z.string().max(4096).optional() }),
          body: z.string().max(WEBHOOK_BODY_LIMIT),
          response: { 200: plaidWebhookAnswer },
        },
      },
      async (request) =>
        handlePlaidWebhook(context, verifier, {
          token: request.headers['plaid-verification'],
          rawBody: request.body,
          ip: request.ip,
        }),
    );
  };
}
