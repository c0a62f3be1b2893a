/**
 * /admin/liquidity's API (issue 27 section 1): every role reads the forecast, cash positions and
 * checks; operations and super_admin record and approve cash, change the settings and acknowledge
 * alerts. The open alert is read by every admin page's banner. The public coverage page and the
 * investor's proof are in public-routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashPositionIdParams,
  cashPositionResponse,
  cashPositionsImportResponse,
  coverageCheckResponse,
  decisionReasonRequest,
  forecastCsvQuery,
  importCashPositionsRequest,
  liquidityAlertResponse,
  liquidityOverviewResponse,
  liquiditySettings,
  optionalNoteRequest,
  recordCashPositionRequest,
} from '../../../shared/liquidity/liquidity-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import {
  acknowledgeAlert,
  buildForecastTables,
  decideCashPosition,
  forecastCsv,
  importCashPositions,
  liquidityOverview,
  openAlert,
  recordCashPosition,
  updateLiquiditySettings,
} from './service';

export function liquidityRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const view = requireAdmin(context, 'liquidity:view');
    const manage = requireAdmin(context, 'liquidity:manage');
    const tags = ['admin'];

    app.get(
      '/api/admin/liquidity',
      {
        preHandler: view,
        schema: {
          tags,
          summary:
            'Obligations forecast (24 months, 13 weeks), cash, coverage, cash positions and coverage checks',
          response: { 200: liquidityOverviewResponse },
        },
      },
      async () => liquidityOverview(context),
    );

    app.get(
      '/api/admin/liquidity/forecast.csv',
      {
        preHandler: view,
        schema: { tags, summary: 'The forecast table as CSV', querystring: forecastCsvQuery },
      },
      async (request, reply) => {
        const tables = await buildForecastTables(context);
        const view = request.query.view;
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="liquidity-forecast-${view}-${context.clock.today()}.csv"`,
          )
          .send(forecastCsv(view === 'weeks' ? tables.weeks : tables.months));
      },
    );

    app.get(
      '/api/admin/liquidity/alert',
      {
        preHandler: view,
        schema: {
          tags,
          summary: 'The coverage alert not yet acknowledged, if any',
          response: { 200: liquidityAlertResponse },
        },
      },
      async () => ({ alert: await openAlert(context) }),
    );

    app.post(
      '/api/admin/liquidity/cash-positions',
      {
        preHandler: manage,
        schema: {
          tags,
          summary:
            'Record an account balance on a date (above the four-eyes threshold it waits for another admin)',
          body: recordCashPositionRequest,
          response: { 201: cashPositionResponse },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ position: await recordCashPosition(context, adminPrincipal(request), request.body) }),
    );

    app.post(
      '/api/admin/liquidity/cash-positions/import',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: 'Record balances from CSV (account_name, account_kind, balance, as_of); all or nothing',
          body: importCashPositionsRequest,
          response: { 201: cashPositionsImportResponse },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ positions: await importCashPositions(context, adminPrincipal(request), request.body.csv) }),
    );

    app.post(
      '/api/admin/liquidity/cash-positions/:id/approve',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: "Approve another admin's balance above the threshold",
          params: cashPositionIdParams,
          response: { 200: cashPositionResponse },
        },
      },
      async (request) => ({
        position: await decideCashPosition(context, adminPrincipal(request), request.params.id, {
          approve: true,
        }),
      }),
    );

    app.post(
      '/api/admin/liquidity/cash-positions/:id/reject',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: "Reject another admin's balance with a reason",
          params: cashPositionIdParams,
          body: decisionReasonRequest,
          response: { 200: cashPositionResponse },
        },
      },
      async (request) => ({
        position: await decideCashPosition(context, adminPrincipal(request), request.params.id, {
          approve: false,
          reason: request.body.reason,
        }),
      }),
    );

    app.put(
      '/api/admin/liquidity/settings',
      {
        preHandler: manage,
        schema: {
          tags,
          summary:
            'The rollover rate for notes without a maturity choice, and whether the public coverage page is on',
          body: liquiditySettings,
          response: { 200: liquiditySettings },
        },
      },
      async (request) => updateLiquiditySettings(context, adminPrincipal(request), request.body),
    );

    app.post(
      '/api/admin/liquidity/checks/:id/acknowledge',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: 'Acknowledge a coverage alert (and every earlier open one): the banner and e-mails stop',
          params: cashPositionIdParams,
          body: optionalNoteRequest,
          response: { 200: coverageCheckResponse },
        },
      },
      async (request) => ({
        check: await acknowledgeAlert(
          context,
          adminPrincipal(request),
          request.params.id,
          request.body.note || null,
        ),
      }),
    );
  };
}
