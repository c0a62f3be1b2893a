/** The purchase flow's API: what the form offers (funding accounts, maximum, agreement version) and BUY. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  purchaseOptionsResponse,
  purchaseRequest,
  purchaseResponse,
} from '../../../shared/purchases/purchase-contracts';
import type { AppContext } from '../../context';
import { idempotencyKeyOf } from '../../http/idempotency';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import { fundingDebitSenderOf } from './funding-debit-sender';
import { getPurchaseOptions, purchaseInvestment } from './service';

export function purchaseRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = requireInvestor(context);
    const tags = ['purchases'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    // Funding debits a stopped process authorised but never sent go out at start-up (decision 1850).
    app.addHook('onReady', async () => {
      fundingDebitSenderOf(context).start();
    });
    app.addHook('onClose', async () => {
      await fundingDebitSenderOf(context).close();
    });

    app.get(
      '/api/purchases/options',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'The verified bank accounts a purchase can be funded from, and the purchase limits',
          response: { 200: purchaseOptionsResponse },
        },
      },
      async (request) => getPurchaseOptions(context, investorSessionOf(request).investorId),
    );

    app.post(
      '/api/purchases',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Buys a note (BUY); needs an Idempotency-Key header, a repeat never buys twice',
          body: purchaseRequest,
          response: { 201: purchaseResponse },
        },
      },
      async (request, reply) => {
        const { investorId } = investorSessionOf(request);
        const outcome = await purchaseInvestment(context, request, {
          investorId,
          key: idempotencyKeyOf(request),
          body: request.body,
        });
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(outcome.body);
      },
    );
  };
}
