/**
 * Backup withholding endpoints (decisions 1910-1913): the investor's W-9 certification and
 * status (their own only: no id is taken from the request), and the back office's B notices and
 * Form 945 figures (support reads; operations and super admins record and resolve).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { investorIdParams } from '../../../shared/admin/back-office-contracts';
import {
  adminBackupWithholdingResponse,
  bNoticeParams,
  form945Query,
  form945Response,
  recordBNoticeRequest,
  resolveBNoticeRequest,
} from '../../../shared/tax/backup-withholding-contracts';
import {
  backupWithholdingStatus,
  w9CertificationResponse,
  w9CertificationSubmission,
} from '../../../shared/tax/w9-certification';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import {
  certifyTinOnFile,
  form945Csv,
  loadAdminBackupWithholding,
  loadForm945,
  readBackupWithholdingStatus,
  recordBNotice,
  resolveBNotice,
} from './service';

const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export function backupWithholdingRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const investor = { preHandler: requireInvestor(context) };

    app.get(
      '/api/settings/w9-certification',
      {
        ...investor,
        schema: {
          tags: ['settings'],
          summary: 'The signed-in investor’s Form W-9 certification and whether interest is withheld from',
          response: { 200: backupWithholdingStatus },
        },
      },
      async (request) =>
        readBackupWithholdingStatus(context, context.db, investorSessionOf(request).investorId),
    );

    app.post(
      '/api/settings/w9-certification',
      {
        ...investor,
        schema: {
          tags: ['settings'],
          summary:
            'Certifies the TIN on file under penalties of perjury (Form W-9 Part II; item 2 may be crossed out); records version, time and IP',
          body: w9CertificationSubmission,
          response: { 200: w9CertificationResponse, '4xx': errorBody },
        },
      },
      async (request) => certifyTinOnFile(context, request, investorSessionOf(request), request.body),
    );

    app.get(
      '/api/admin/investors/:id/backup-withholding',
      {
        preHandler: requireAdmin(context, 'dashboard:view'),
        schema: {
          tags: ['admin'],
          summary: 'The investor’s W-9 certification, B notices and this year’s backup withholding',
          params: investorIdParams,
          response: { 200: adminBackupWithholdingResponse },
        },
      },
      async (request) => loadAdminBackupWithholding(context, request.params.id),
    );

    app.post(
      '/api/admin/investors/:id/b-notices',
      {
        preHandler: requireAdmin(context, 'investors:manage'),
        schema: {
          tags: ['admin'],
          summary:
            'Records an IRS B notice (first or second) received for the investor: interest is withheld from while it is open',
          params: investorIdParams,
          body: recordBNoticeRequest,
          response: { 200: adminBackupWithholdingResponse, '4xx': errorBody },
        },
      },
      async (request) => recordBNotice(context, adminPrincipal(request), request.params.id, request.body),
    );

    app.post(
      '/api/admin/investors/:id/b-notices/:noticeId/resolve',
      {
        preHandler: requireAdmin(context, 'investors:manage'),
        schema: {
          tags: ['admin'],
          summary:
            'Resolves an open B notice (certified TIN received, SSA/IRS validation, or recorded in error)',
          params: bNoticeParams,
          body: resolveBNoticeRequest,
          response: { 200: adminBackupWithholdingResponse, '4xx': errorBody },
        },
      },
      async (request) =>
        resolveBNotice(
          context,
          adminPrincipal(request),
          request.params.id,
          request.params.noticeId,
          request.body,
        ),
    );

    app.get(
      '/api/admin/tax/backup-withholding',
      {
        preHandler: requireAdmin(context, 'tax:view'),
        schema: {
          tags: ['admin'],
          summary: 'A year’s backup withholding (Form 945 line 1) by month and by investor',
          querystring: form945Query,
          response: { 200: form945Response },
        },
      },
      async (request) => loadForm945(context, request.query.year),
    );

    app.get(
      '/api/admin/tax/backup-withholding.csv',
      {
        preHandler: requireAdmin(context, 'tax:view'),
        schema: {
          tags: ['admin'],
          summary: 'A year’s backup withholding by investor as CSV, with the Form 945 total',
          querystring: form945Query,
        },
      },
      async (request, reply) => {
        const report = await loadForm945(context, request.query.year);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="backup-withholding-${report.year}.csv"`)
          .send(form945Csv(report));
      },
    );
  };
}
