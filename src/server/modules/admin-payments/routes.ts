import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOwedCreditsResponse,
  adminPaymentsFilters,
  adminPaymentsQuery,
  adminPaymentsResponse,
  resendOwedCreditResponse,
} from '../../../shared/admin/payment-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import {
  listOwedCredits,
  listPayments,
  paymentsCsvFileName,
  resendOwedCreditAsStaff,
  streamPaymentsCsv,
} from './service';

/** The admin Payments page (decision 1521): every role reads; operations and super_admin resend. */
export function adminPaymentRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const view = requireAdmin(context, 'payments:view');
    const tags = ['admin'];

    app.get(
      '/api/admin/payments',
      {
        preHandler: view,
        schema: {
          tags,
          summary: 'ACH payments across investors, newest first, filtered and paged (20 a page)',
          querystring: adminPaymentsQuery,
          response: { 200: adminPaymentsResponse },
        },
      },
      async (request) => listPayments(context, request.query),
    );

    app.get(
      '/api/admin/payments/export.csv',
      {
        preHandler: view,
        schema: {
          tags,
          summary: 'The filtered payments as CSV (streamed)',
          querystring: adminPaymentsFilters,
        },
      },
      async (request, reply) => {
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${paymentsCsvFileName(context.clock.today(), request.query)}"`,
          );
        return reply.send(streamPaymentsCsv(context.db, request.query, context.clock.timeZone));
      },
    );

    app.get(
      '/api/admin/payments/owed-credits',
      {
        preHandler: view,
        schema: {
          tags,
          summary: 'Credits owed to investors after a failed or returned credit, oldest first',
          response: { 200: adminOwedCreditsResponse },
        },
      },
      async () => listOwedCredits(context),
    );

    app.post(
      '/api/admin/payments/owed-credits/:id/resend',
      {
        preHandler: requireAdmin(context, 'payments:manage'),
        schema: {
          tags,
          summary: 'Pays an owed credit again into the investor’s current verified account',
          params: z.object({ id: z.uuid() }),
          response: { 200: resendOwedCreditResponse },
        },
      },
      async (request) =>
        resendOwedCreditAsStaff(context, { amountOwedId: request.params.id, admin: adminPrincipal(request) }),
    );
  };
}
