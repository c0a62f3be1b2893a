/**
 * The investor portal's reads (spec 2, PRODUCT.md 12, 20, 21): every route admits only the
 * signed-in investor and reads only that investor's rows.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentListResponse,
  statementFileName,
  statementMonthParams,
  taxYearParams,
} from '../../../shared/portal/document-contracts';
import {
  balanceHistoryResponse,
  notificationListResponse,
  overviewResponse,
} from '../../../shared/portal/portal-contracts';
import {
  investmentIdParams,
  investmentListQuery,
  investmentPage,
  investmentTransactionsQuery,
  transactionExportQuery,
  transactionListQuery,
  transactionPage,
} from '../../../shared/portal/transaction-contracts';
import { purchaseReference } from '../../../shared/portal/transaction-display';
import type { AppContext } from '../../context';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import {
  buildPromissoryNotePdf,
  buildSignedAgreementPdf,
  buildStatementPdf,
  buildTaxFormPdf,
  listDocuments,
} from './document-service';
import { getBalanceHistory, getOverview, getRecentNotifications } from './overview-service';
import { markNotificationsRead } from './portal-repository';
import { exportFileName, streamTransactionCsv } from './transaction-export';
import {
  listInvestmentPage,
  listInvestmentTransactionPage,
  listTransactionPage,
} from './transaction-service';

export function portalRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = requireInvestor(context);
    const tags = ['portal'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/api/portal/overview',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Balance, notes and referral of the signed-in investor',
          response: { 200: overviewResponse },
        },
      },
      async (request) =>
        getOverview(context.db, investorSessionOf(request).investorId, context.clock.today()),
    );

    app.get(
      '/api/portal/balance-history',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'The balance over time, from the ledger',
          response: { 200: balanceHistoryResponse },
        },
      },
      async (request) =>
        getBalanceHistory(context.db, investorSessionOf(request).investorId, context.clock.today()),
    );

    app.get(
      '/api/portal/notifications',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Recent notifications under the bell',
          response: { 200: notificationListResponse },
        },
      },
      async (request) => getRecentNotifications(context.db, investorSessionOf(request).investorId),
    );

    app.post(
      '/api/portal/notifications/read',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Marks every notification read',
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      async (request) => {
        await markNotificationsRead(context.db, investorSessionOf(request).investorId, context.clock.now());
        return { ok: true };
      },
    );

    app.get(
      '/api/portal/transactions',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'A page of ledger entries, newest first (List view)',
          querystring: transactionListQuery,
          response: { 200: transactionPage },
        },
      },
      async (request) =>
        listTransactionPage(context.db, investorSessionOf(request).investorId, request.query),
    );

    app.get(
      '/api/portal/investments',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'A page of investments with their entry counts (By Investment view)',
          querystring: investmentListQuery,
          response: { 200: investmentPage },
        },
      },
      async (request) => listInvestmentPage(context.db, investorSessionOf(request).investorId, request.query),
    );

    app.get(
      '/api/portal/investments/:investmentId/transactions',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'A page of one investment’s entries',
          params: investmentIdParams,
          querystring: investmentTransactionsQuery,
          response: { 200: transactionPage },
        },
      },
      async (request) =>
        listInvestmentTransactionPage(
          context.db,
          investorSessionOf(request).investorId,
          request.params.investmentId,
          request.query,
        ),
    );

    app.get(
      '/api/portal/transactions/export.csv',
      {
        preHandler: guard,
        schema: { tags, summary: 'The current view as CSV (streamed)', querystring: transactionExportQuery },
      },
      async (request, reply) => {
        const { investorId } = investorSessionOf(request);
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${exportFileName(context.clock.today(), request.query)}"`,
          );
        return reply.send(
          streamTransactionCsv(context.db, investorId, request.query, context.clock.timeZone),
        );
      },
    );

    app.get(
      '/api/portal/documents',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Statements, signed agreements, promissory notes and tax forms available',
          response: { 200: documentListResponse },
        },
      },
      async (request) => listDocuments(context, investorSessionOf(request).investorId),
    );

    app.get(
      '/api/portal/documents/promissory-notes/:investmentId',
      {
        preHandler: guard,
        schema: { tags, summary: 'The promissory note of one investment (PDF)', params: investmentIdParams },
      },
      async (request, reply) => {
        const { investorId } = investorSessionOf(request);
        const pdf = await buildPromissoryNotePdf(context, investorId, request.params.investmentId);
        const name = `promissory-note-${purchaseReference(request.params.investmentId)}.pdf`;
        reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`);
        return reply.send(pdf);
      },
    );

    app.get(
      '/api/portal/documents/tax-forms/:year',
      {
        preHandler: guard,
        schema: { tags, summary: 'Form 1099-INT for a tax year (PDF)', params: taxYearParams },
      },
      async (request, reply) => {
        const { investorId } = investorSessionOf(request);
        const pdf = await buildTaxFormPdf(context, investorId, request.params.year);
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="1099-INT-${request.params.year}.pdf"`);
        return reply.send(pdf);
      },
    );

    app.get(
      '/api/portal/documents/statements/:month',
      {
        preHandler: guard,
        schema: { tags, summary: 'The monthly statement of one month (PDF)', params: statementMonthParams },
      },
      async (request, reply) => {
        const { investorId } = investorSessionOf(request);
        const pdf = await buildStatementPdf(context, investorId, request.params.month);
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${statementFileName(request.params.month)}"`);
        return reply.send(pdf);
      },
    );

    app.get(
      '/api/portal/documents/agreements/:investmentId',
      {
        preHandler: guard,
        schema: { tags, summary: 'The agreement accepted for one note (PDF)', params: investmentIdParams },
      },
      async (request, reply) => {
        const { investorId } = investorSessionOf(request);
        const pdf = await buildSignedAgreementPdf(context, investorId, request.params.investmentId);
        const name = `agreement-${purchaseReference(request.params.investmentId)}.pdf`;
        reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`);
        return reply.send(pdf);
      },
    );
  };
}
