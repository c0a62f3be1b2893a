import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDashboardResponse,
  adminInvestorDetailResponse,
  adminSearchQuery,
  adminSearchResponse,
} from '../../../shared/admin/dashboard-contracts';
import type { AppContext } from '../../context';
import { watchlistClearanceRequest } from '../../../shared/banking/watchlist';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import { clearWatchlistHold } from '../banking/identity-service';
import { loadDashboard, loadInvestorDetail, searchRecords } from './service';

export function adminDashboardRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = requireAdmin(context, 'dashboard:view');

    app.get(
      '/api/admin/dashboard',
      {
        // The dashboard's HTML preloads it with the cookie alone (decision 1974).
        preHandler: requireAdmin(context, 'dashboard:view', { tokenOptional: true }),
        schema: {
          tags: ['admin'],
          summary: 'The four dashboard cards and the 10 newest transactions',
          response: { 200: adminDashboardResponse },
        },
      },
      async () => loadDashboard(context),
    );

    app.get(
      '/api/admin/search',
      {
        preHandler,
        schema: {
          tags: ['admin'],
          summary: 'Find investors, investments and transactions by id, name, e-mail or phone (10 per kind)',
          querystring: adminSearchQuery,
          response: { 200: adminSearchResponse },
        },
      },
      async (request) => searchRecords(context, request.query.q),
    );

    app.get(
      '/api/admin/investors/:id',
      {
        preHandler,
        schema: {
          tags: ['admin'],
          summary: "An investor's profile, notes and 10 newest transactions",
          params: z.object({ id: z.uuid() }),
          response: { 200: adminInvestorDetailResponse },
        },
      },
      async (request) => loadInvestorDetail(context, request.params.id),
    );

    app.post(
      '/api/admin/investors/:id/watchlist-clearance',
      {
        preHandler: requireAdmin(context, 'identity:clear-watchlist'),
        schema: {
          tags: ['admin'],
          summary: 'Clears the investor’s watchlist (OFAC) hit after review, with the reason',
          params: z.object({ id: z.uuid() }),
          body: watchlistClearanceRequest,
          response: { 200: z.object({ cleared: z.number().int() }) },
        },
      },
      async (request) =>
        clearWatchlistHold(context, {
          investorId: request.params.id,
          admin: adminPrincipal(request),
          reason: request.body.reason,
        }),
    );
  };
}
