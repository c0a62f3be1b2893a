/** Four-eyes adjustments and the pending approvals list (issue 16 item 4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentIdParams,
  adjustmentListQuery,
  adjustmentListResponse,
  adjustmentResponse,
  proposeAdjustmentRequest,
  reasonRequest,
} from '../../../shared/admin/back-office-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import { approveAdjustment, listAdjustments, proposeAdjustment, rejectAdjustment } from './service';

export function adminAdjustmentRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/adjustments',
      {
        preHandler: requireAdmin(context, 'adjustments:view'),
        schema: {
          tags: ['admin'],
          summary: 'Manual adjustments by status (pending ones oldest first), 20 a page',
          querystring: adjustmentListQuery,
          response: { 200: adjustmentListResponse },
        },
      },
      async (request) => listAdjustments(context, request.query),
    );

    app.post(
      '/api/admin/adjustments',
      {
        preHandler: requireAdmin(context, 'adjustments:propose'),
        schema: {
          tags: ['admin'],
          summary: 'Propose a credit or debit to a note; applied only when a different admin approves it',
          body: proposeAdjustmentRequest,
          response: { 201: adjustmentResponse },
        },
      },
      async (request, reply) => {
        const adjustment = await proposeAdjustment(context, adminPrincipal(request), request.body);
        return reply.status(201).send({ adjustment });
      },
    );

    app.post(
      '/api/admin/adjustments/:id/approve',
      {
        preHandler: requireAdmin(context, 'adjustments:approve'),
        schema: {
          tags: ['admin'],
          summary: "Approve someone else's proposal: writes the ledger entry",
          params: adjustmentIdParams,
          response: { 200: adjustmentResponse },
        },
      },
      async (request) => ({
        adjustment: await approveAdjustment(context, adminPrincipal(request), request.params.id),
      }),
    );

    app.post(
      '/api/admin/adjustments/:id/reject',
      {
        preHandler: requireAdmin(context, 'adjustments:approve'),
        schema: {
          tags: ['admin'],
          summary: "Reject someone else's proposal with a reason",
          params: adjustmentIdParams,
          body: reasonRequest,
          response: { 200: adjustmentResponse },
        },
      },
      async (request) => ({
        adjustment: await rejectAdjustment(
          context,
          adminPrincipal(request),
          request.params.id,
          request.body.reason,
        ),
      }),
    );
  };
}
