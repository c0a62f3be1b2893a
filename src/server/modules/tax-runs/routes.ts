/** The year-end tax run screen's API (issue 16 item 5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fireFileQuery,
  taxRunQuery,
  taxRunRequest,
  taxRunResponse,
  taxYearOverviewResponse,
} from '../../../shared/admin/back-office-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import { buildTaxYearFireFile, loadTaxYear, runTaxYear } from './service';

export function taxRunRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/tax-runs',
      {
        preHandler: requireAdmin(context, 'tax:view'),
        schema: {
          tags: ['admin'],
          summary: "A tax year's runs, its current 1099-INT forms and totals, investors missing a tax record",
          querystring: taxRunQuery,
          response: { 200: taxYearOverviewResponse },
        },
      },
      async (request) => loadTaxYear(context, request.query.year),
    );

    app.post(
      '/api/admin/tax-runs',
      {
        preHandler: requireAdmin(context, 'tax:run'),
        schema: {
          tags: ['admin'],
          summary:
            'Issue the 1099-INT forms of an ended year (corrections for changed figures) and notify investors',
          body: taxRunRequest,
          response: { 201: taxRunResponse },
        },
      },
      async (request, reply) => {
        const run = await runTaxYear(context, adminPrincipal(request), request.body.tax_year);
        return reply.status(201).send({ run });
      },
    );

    app.get(
      '/api/admin/tax-runs/fire-file',
      {
        preHandler: requireAdmin(context, 'tax:run'),
        schema: {
          tags: ['admin'],
          summary:
            'The IRS information return file (Publication 1220, 750-byte records) of the year, original or correction',
          querystring: fireFileQuery,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const file = await buildTaxYearFireFile(context, {
          taxYear: request.query.year,
          kind: request.query.kind,
          isTest: request.query.test === 'true',
        });
        return reply
          .header('content-type', 'text/plain; charset=us-ascii')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.body);
      },
    );
  };
}
