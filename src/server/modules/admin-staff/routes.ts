import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invitationAcceptRequest,
  invitationAcceptResponse,
  invitationLookupRequest,
  invitationLookupResponse,
  invitationRequest,
  invitationResponse,
  staffActiveRequest,
  staffListResponse,
  staffMemberResponse,
  staffRoleRequest,
} from '../../../shared/admin/staff-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import {
  acceptInvitation,
  cancelInvitation,
  changeStaffRole,
  inviteStaff,
  listStaff,
  lookUpInvitation,
  setStaffActive,
} from './service';

const idParams = z.object({ id: z.uuid() });
const tags = ['admin'];

/** Staff accounts (issue 16.1): super_admin only, except the invitation link's own two calls. */
export function adminStaffRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const canManage = requireAdmin(context, 'admins:manage');

    app.get(
      '/api/admin/staff',
      {
        preHandler: canManage,
        schema: {
          tags,
          summary: 'Staff accounts and open invitations',
          response: { 200: staffListResponse },
        },
      },
      async () => listStaff(context),
    );

    app.post(
      '/api/admin/staff/invitations',
      {
        preHandler: canManage,
        schema: {
          tags,
          summary: 'Invite a staff member: e-mails a single-use link to set a password',
          body: invitationRequest,
          response: { 201: invitationResponse },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ invitation: await inviteStaff(context, adminPrincipal(request), request.body) }),
    );

    app.delete(
      '/api/admin/staff/invitations/:id',
      {
        preHandler: canManage,
        schema: { tags, summary: 'Revoke an open invitation', params: idParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await cancelInvitation(context, adminPrincipal(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/api/admin/staff/:id/role',
      {
        preHandler: canManage,
        schema: {
          tags,
          summary: 'Change a staff member’s role (never the last active super admin’s); their sessions end',
          params: idParams,
          body: staffRoleRequest,
          response: { 200: staffMemberResponse },
        },
      },
      async (request) => ({
        staff_member: await changeStaffRole(
          context,
          adminPrincipal(request),
          request.params.id,
          request.body.role,
        ),
      }),
    );

    app.put(
      '/api/admin/staff/:id/active',
      {
        preHandler: canManage,
        schema: {
          tags,
          summary: 'Deactivate (sessions end at once) or reactivate a staff member',
          params: idParams,
          body: staffActiveRequest,
          response: { 200: staffMemberResponse },
        },
      },
      async (request) => ({
        staff_member: await setStaffActive(
          context,
          adminPrincipal(request),
          request.params.id,
          request.body.is_active,
        ),
      }),
    );

    // The invitation link's page: no session (the token in the body is the credential).
    app.post(
      '/api/admin/invitation/lookup',
      {
        schema: {
          tags,
          summary: 'Who an invitation link is for (refused when used, revoked or expired)',
          body: invitationLookupRequest,
          response: { 200: invitationLookupResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return lookUpInvitation(context, request.body.token, request.ip ?? null);
      },
    );

    app.post(
      '/api/admin/invitation/accept',
      {
        schema: {
          tags,
          summary: 'Set the password of an invited staff member; the link is spent',
          body: invitationAcceptRequest,
          response: { 200: invitationAcceptResponse },
        },
      },
      async (request) =>
        acceptInvitation(context, {
          token: request.body.token,
          password: request.body.password,
          ipAddress: request.ip ?? null,
        }),
    );
  };
}
