/** The investor lifecycle endpoints of the back office (issue 16 item 3). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInvestorAccountResponse,
  investorIdParams,
  lifecycleResultResponse,
  reasonRequest,
  withdrawalIdParams,
} from '../../../shared/admin/back-office-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import {
  cancelWithdrawalForInvestor,
  closeInvestor,
  loadInvestorAccount,
  reinstateInvestor,
  revokeInvestorSessions,
  suspendInvestor,
} from './service';

const lifecycleActions = {
  suspend: {
    run: suspendInvestor,
    summary: 'Suspend an investor (no sign-in, no purchases; sessions end; interest keeps accruing)',
  },
  reinstate: { run: reinstateInvestor, summary: 'Reinstate a suspended investor' },
  close: { run: closeInvestor, summary: 'Close an account that holds nothing and has nothing in flight' },
  'revoke-sessions': { run: revokeInvestorSessions, summary: "End every session of the investor's" },
} as const;

export function adminInvestorRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/investors/:id/account',
      {
        preHandler: requireAdmin(context, 'dashboard:view'),
        schema: {
          tags: ['admin'],
          summary:
            'Status and its history, identity and tax status, bank accounts, pending transfers, messages sent',
          params: investorIdParams,
          response: { 200: adminInvestorAccountResponse },
        },
      },
      async (request) => loadInvestorAccount(context, request.params.id),
    );

    for (const [action, { run, summary }] of Object.entries(lifecycleActions)) {
      app.post(
        `/api/admin/investors/:id/${action}`,
        {
          preHandler: requireAdmin(context, 'investors:manage'),
          schema: {
            tags: ['admin'],
            summary,
            params: investorIdParams,
            body: reasonRequest,
            response: { 200: lifecycleResultResponse },
          },
        },
        async (request) => run(context, adminPrincipal(request), request.params.id, request.body.reason),
      );
    }

    app.post(
      '/api/admin/withdrawals/:id/cancel',
      {
        preHandler: requireAdmin(context, 'investors:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Cancel a pending transfer to the bank with a reason (the money stays in the note)',
          params: withdrawalIdParams,
          body: reasonRequest,
          response: { 200: z.object({ cancelled: z.literal(true) }) },
        },
      },
      async (request) => {
        await cancelWithdrawalForInvestor(
          context,
          adminPrincipal(request),
          request.params.id,
          request.body.reason,
        );
        return { cancelled: true as const };
      },
    );
  };
}
