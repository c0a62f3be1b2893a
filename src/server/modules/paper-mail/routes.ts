/** Paper mail: the back office's print queues and batches, and the investor's paper copies (decision 1924). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxRunQuery } from '../../../shared/admin/back-office-contracts';
import {
  createPaperBatchRequest,
  markBatchMailedRequest,
  paperBatchParams,
  paperBatchResponse,
  paperCopyListResponse,
  paperCopyRequest,
  paperQueueQuery,
  paperQueueResponse,
  taxCalendarResponse,
} from '../../../shared/consents/consent-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import {
  buildPaperBatchPdf,
  createPaperBatch,
  listPaperCopies,
  loadPaperQueue,
  loadTaxCalendar,
  markPaperBatchMailed,
  requestTaxFormPaperCopy,
} from './service';

export function paperMailRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const investorGuard = requireInvestor(context);

    app.get(
      '/api/paper-copies',
      {
        preHandler: investorGuard,
        schema: {
          tags: ['consents'],
          summary: 'The investor’s paper mail: copies asked for and documents mailed, with the date mailed',
          response: { 200: paperCopyListResponse },
        },
      },
      async (request) => listPaperCopies(context, investorSessionOf(request).investorId),
    );

    app.post(
      '/api/paper-copies',
      {
        preHandler: investorGuard,
        schema: {
          tags: ['consents'],
          summary: 'Asks for a paper copy of a year’s Form 1099-INT (mailed with the next batch)',
          body: paperCopyRequest,
          response: { 201: paperCopyListResponse },
        },
      },
      async (request, reply) => {
        const result = await requestTaxFormPaperCopy(context, {
          investorId: investorSessionOf(request).investorId,
          taxYear: request.body.tax_year,
        });
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/api/admin/paper-mail',
      {
        preHandler: requireAdmin(context, 'paper-mail:view'),
        schema: {
          tags: ['admin'],
          summary:
            'Who is waiting for paper (tax forms of a year, or statements and notices) and the print batches',
          querystring: paperQueueQuery,
          response: { 200: paperQueueResponse },
        },
      },
      async (request) => loadPaperQueue(context, request.query),
    );

    app.post(
      '/api/admin/paper-mail/batches',
      {
        preHandler: requireAdmin(context, 'paper-mail:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Makes a print batch of everyone waiting who has an address',
          body: createPaperBatchRequest,
          response: { 201: paperBatchResponse },
        },
      },
      async (request, reply) => {
        const batch = await createPaperBatch(context, adminPrincipal(request), request.body);
        return reply.status(201).send({ batch });
      },
    );

    app.get(
      '/api/admin/paper-mail/batches/:id/pdf',
      {
        preHandler: requireAdmin(context, 'paper-mail:manage'),
        schema: {
          tags: ['admin'],
          summary: 'The batch as one printable PDF (address sheets for #10 double-window envelopes)',
          params: paperBatchParams,
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await buildPaperBatchPdf(context, request.params.id);
        reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`);
        return reply.send(pdf);
      },
    );

    app.post(
      '/api/admin/paper-mail/batches/:id/mailed',
      {
        preHandler: requireAdmin(context, 'paper-mail:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Marks a batch mailed, with the date and the number of pieces mailed',
          params: paperBatchParams,
          body: markBatchMailedRequest,
          response: { 200: paperBatchResponse },
        },
      },
      async (request) => ({
        batch: await markPaperBatchMailed(context, adminPrincipal(request), {
          id: request.params.id,
          body: request.body,
        }),
      }),
    );

    app.get(
      '/api/admin/tax-calendar',
      {
        preHandler: requireAdmin(context, 'tax:view'),
        schema: {
          tags: ['admin'],
          summary: 'The tax year’s deadlines (rolled to business days) and what is still open',
          querystring: taxRunQuery,
          response: { 200: taxCalendarResponse },
        },
      },
      async (request) => loadTaxCalendar(context, request.query.year),
    );
  };
}
