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
import {
  irisAcknowledgementRequest,
  irisFilingRequest,
  irisFilingResponse,
  irisOverviewQuery,
  irisOverviewResponse,
  irisTransmissionParams,
  irisTransmissionResponse,
} from '../../../shared/admin/iris-contracts';
import { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import {
  createIrisFiling,
  downloadIrisFile,
  IrisSchemaError,
  loadIrisOverview,
  loadIrisTransmission,
  recordIrisAcknowledgement,
} from './iris-service';
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
      async (request) => loadTaxYear(context, request.query.year, request.query.page),
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

    // ------------------------------------------------------------ IRIS (decision 1900)

    app.get(
      '/api/admin/tax-runs/iris',
      {
        preHandler: requireAdmin(context, 'tax:view'),
        schema: {
          tags: ['admin'],
          summary: "A tax year's IRIS filing: what waits to be filed, the files built and the IRS's answers",
          querystring: irisOverviewQuery,
          response: { 200: irisOverviewResponse },
        },
      },
      async (request) => loadIrisOverview(context, { taxYear: request.query.year, page: request.query.page }),
    );

    app.post(
      '/api/admin/tax-runs/iris/filings',
      {
        preHandler: requireAdmin(context, 'tax:run'),
        schema: {
          tags: ['admin'],
          summary: 'Build the IRIS files (A2A XML or Taxpayer Portal CSV) of every form waiting to be filed',
          body: irisFilingRequest,
          response: { 201: irisFilingResponse },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createIrisFiling(context, adminPrincipal(request), request.body)),
    );

    app.get(
      '/api/admin/tax-runs/iris/transmissions/:id',
      {
        preHandler: requireAdmin(context, 'tax:view'),
        schema: {
          tags: ['admin'],
          summary: 'One IRIS file with its acknowledgement and the records the IRS rejected or flagged',
          params: irisTransmissionParams,
          response: { 200: irisTransmissionResponse },
        },
      },
      async (request) => loadIrisTransmission(context, request.params.id),
    );

    app.get(
      '/api/admin/tax-runs/iris/transmissions/:id/file',
      {
        preHandler: requireAdmin(context, 'tax:run'),
        schema: {
          tags: ['admin'],
          summary:
            'Download one IRIS file (it carries full TINs); with IRIS_SCHEMA_DIR an XML file is validated first (422 with the schema errors)',
          params: irisTransmissionParams,
        },
      },
      async (request, reply) => {
        try {
          const file = await downloadIrisFile(context, request.params.id);
          return reply
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${file.fileName}"`)
            .send(file.body instanceof Readable ? file.body : Readable.from(file.body));
        } catch (error) {
          if (!(error instanceof IrisSchemaError)) throw error;
          return reply.status(422).send({
            error: { code: 'validation_failed', message: error.message, schema_errors: error.errors },
          });
        }
      },
    );

    app.post(
      '/api/admin/tax-runs/iris/transmissions/:id/acknowledgement',
      {
        preHandler: requireAdmin(context, 'tax:run'),
        schema: {
          tags: ['admin'],
          summary:
            "Record the IRS's acknowledgement of an IRIS file: Receipt ID, status and the errors listed",
          params: irisTransmissionParams,
          body: irisAcknowledgementRequest,
          response: { 200: irisTransmissionResponse },
        },
      },
      async (request) =>
        recordIrisAcknowledgement(context, adminPrincipal(request), request.params.id, request.body),
    );
  };
}
