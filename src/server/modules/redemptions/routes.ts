/** Early redemption (issue 27 section 3): the investor's routes and the staff queue's. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRedemptionListQuery,
  adminRedemptionListResponse,
  adminRedemptionResponse,
  declineRedemptionRequest,
  earlyRedemptionIdParams,
  earlyRedemptionQuote,
  earlyRedemptionQuoteQuery,
  earlyRedemptionRequest,
  earlyRedemptionRow,
  noteRedemptionParams,
  noteRedemptionResponse,
  redemptionGateRequest,
  redemptionGateResponse,
} from '../../../shared/redemptions/early-redemption-contracts';
import type { EarlyRedemptionRequest } from '../../../shared/redemptions/early-redemption-contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import {
  approveRedemption,
  cancelRedemption,
  declineRedemption,
  getNoteRedemption,
  getRedemptionQuote,
  listRedemptions,
  requestRedemption,
  setRedemptionGate,
} from './service';

const redemptionResponse = z.object({ redemption: earlyRedemptionRow });

export function earlyRedemptionRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = requireInvestor(context);
    const tags = ['early redemption'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/api/portal/notes/:investmentId/early-redemption',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Whether the note can be redeemed early, its bounds, and its requests',
          params: noteRedemptionParams,
          response: { 200: noteRedemptionResponse },
        },
      },
      async (request) =>
        getNoteRedemption(context, investorSessionOf(request).investorId, request.params.investmentId),
    );

    app.get(
      '/api/portal/notes/:investmentId/early-redemption/quote',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'What a redemption would pay, its penalty and the interest given up, before asking',
          params: noteRedemptionParams,
          querystring: earlyRedemptionQuoteQuery,
          response: { 200: earlyRedemptionQuote },
        },
      },
      async (request) => {
        const query = request.query;
        const body: EarlyRedemptionRequest =
          query.kind === 'whole' ? { kind: 'whole' } : { kind: 'partial', amount: query.amount ?? '' };
        return getRedemptionQuote(
          context,
          investorSessionOf(request).investorId,
          request.params.investmentId,
          body,
        );
      },
    );

    app.post(
      '/api/portal/notes/:investmentId/early-redemption',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Asks to redeem the note early, whole or in part (queued for staff)',
          params: noteRedemptionParams,
          body: earlyRedemptionRequest,
          response: { 201: redemptionResponse },
        },
      },
      async (request, reply) => {
        const redemption = await requestRedemption(
          context,
          investorSessionOf(request).investorId,
          request.params.investmentId,
          request.body,
        );
        return reply.status(201).send({ redemption });
      },
    );

    app.post(
      '/api/portal/early-redemptions/:redemptionId/cancel',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Cancels the investor’s own request until it is approved',
          params: earlyRedemptionIdParams,
          response: { 200: redemptionResponse },
        },
      },
      async (request) => ({
        redemption: await cancelRedemption(
          context,
          investorSessionOf(request).investorId,
          request.params.redemptionId,
        ),
      }),
    );

    app.get(
      '/api/admin/early-redemptions',
      {
        preHandler: requireAdmin(context, 'redemptions:view'),
        schema: {
          tags: ['admin'],
          summary: 'Early redemption requests: open ones first come first served, 20 a page',
          querystring: adminRedemptionListQuery,
          response: { 200: adminRedemptionListResponse },
        },
      },
      async (request) => listRedemptions(context, request.query),
    );

    app.post(
      '/api/admin/early-redemptions/:redemptionId/approve',
      {
        preHandler: requireAdmin(context, 'redemptions:manage'),
        schema: {
          tags: ['admin'],
          summary:
            'Approves a request (above the threshold: the second approval must come from another admin)',
          params: earlyRedemptionIdParams,
          response: { 200: adminRedemptionResponse },
        },
      },
      async (request) => ({
        redemption: await approveRedemption(context, adminPrincipal(request), request.params.redemptionId),
      }),
    );

    app.post(
      '/api/admin/early-redemptions/:redemptionId/decline',
      {
        preHandler: requireAdmin(context, 'redemptions:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Declines a request with a reason the investor sees',
          params: earlyRedemptionIdParams,
          body: declineRedemptionRequest,
          response: { 200: adminRedemptionResponse },
        },
      },
      async (request) => ({
        redemption: await declineRedemption(
          context,
          adminPrincipal(request),
          request.params.redemptionId,
          request.body.reason,
        ),
      }),
    );

    app.put(
      '/api/admin/early-redemptions/gate',
      {
        preHandler: requireAdmin(context, 'redemptions:manage'),
        schema: {
          tags: ['admin'],
          summary:
            'Pauses or resumes new early redemption requests platform-wide, with the message investors see',
          body: redemptionGateRequest,
          response: { 200: redemptionGateResponse },
        },
      },
      async (request) => setRedemptionGate(context, adminPrincipal(request), request.body),
    );
  };
}
