import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditFacetsResponse,
  auditFilterQuery,
  auditListQuery,
  auditListResponse,
} from '../../../shared/admin/audit-contracts';
import type { AppContext } from '../../context';
import { requireAdmin } from '../admin-auth/admin-guard';
import { auditFacets, exportAuditCsv, listAuditEntries } from './service';

/** The audit screen's reads (decision 1600). There is deliberately no write, edit or delete route. */
export function adminAuditRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const canView = requireAdmin(context, 'audit:view');

    app.get(
      '/api/admin/audit',
      {
        preHandler: canView,
        schema: {
          tags: ['admin'],
          summary: 'The admin audit log, newest first: filters (actor, action, target, dates) and 20 a page',
          querystring: auditListQuery,
          response: { 200: auditListResponse },
        },
      },
      async (request) => listAuditEntries(context, request.query, request.query.page),
    );

    app.get(
      '/api/admin/audit/facets',
      {
        preHandler: canView,
        schema: {
          tags: ['admin'],
          summary: 'The staff, actions and target types the audit filters offer',
          response: { 200: auditFacetsResponse },
        },
      },
      async () => auditFacets(context),
    );

    app.get(
      '/api/admin/audit/export.csv',
      {
        preHandler: canView,
        schema: {
          tags: ['admin'],
          summary: 'The filtered audit log as CSV (streamed, newest first)',
          querystring: auditFilterQuery,
        },
      },
      async (request, reply) => {
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-log-${context.clock.today()}.csv"`);
        return reply.send(exportAuditCsv(context, request.query));
      },
    );
  };
}
