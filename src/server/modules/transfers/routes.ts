/** The /transfer API: the summary, transfer requests (step-up) and their cancellation. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversionRequest,
  conversionResponse,
  transferSummaryResponse,
  withdrawalIdParams,
  withdrawalRequest,
  withdrawalResponse,
} from '../../../shared/transfers/transfer-contracts';
import type { AppContext } from '../../context';
import { idempotencyKeyOf } from '../../http/idempotency';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import { clientDetails } from '../../http/client-details';
import { convertToHighYield } from './convert-service';
import { cancelWithdrawal, getTransferSummary, requestWithdrawal } from './service';

export function transferRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = requireInvestor(context);
    const tags = ['transfers'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/api/transfers',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Available to withdraw, where transfers go, and the transfer history',
          response: { 200: transferSummaryResponse },
        },
      },
      async (request) => getTransferSummary(context, investorSessionOf(request).investorId),
    );

    app.post(
      '/api/transfers/withdrawals',
      {
        preHandler: guard,
        schema: {
          tags,
          summary:
            'TRANSFER TO BANK: a pending transfer paid at quarter end (needs a fresh SMS code and an Idempotency-Key)',
          body: withdrawalRequest,
          response: { 201: withdrawalResponse },
        },
      },
      async (request, reply) => {
        const outcome = await requestWithdrawal(context, request, {
          key: idempotencyKeyOf(request),
          amount: request.body.amount,
        });
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(outcome.body);
      },
    );

    app.post(
      '/api/transfers/withdrawals/:withdrawalId/cancel',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Cancels a transfer that is not paid yet',
          params: withdrawalIdParams,
          response: { 200: withdrawalResponse },
        },
      },
      async (request) =>
        cancelWithdrawal(context, investorSessionOf(request).investorId, request.params.withdrawalId),
    );

    app.post(
      '/api/transfers/conversions',
      {
        preHandler: guard,
        schema: {
          tags,
          summary:
            'CONVERT TO HIGH-YIELD: available funds into a new High-Yield note at once (needs an Idempotency-Key)',
          body: conversionRequest,
          response: { 201: conversionResponse },
        },
      },
      async (request, reply) => {
        const outcome = await convertToHighYield(context, {
          investorId: investorSessionOf(request).investorId,
          key: idempotencyKeyOf(request),
          body: request.body,
          client: clientDetails(request),
        });
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(outcome.body);
      },
    );
  };
}
