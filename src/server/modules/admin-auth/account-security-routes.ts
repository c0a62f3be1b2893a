import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountEnrolmentConfirmRequest,
  disableTwoFactorRequest,
  enrolmentStartResponse,
  otherSessionsEndedResponse,
  recoveryCodesResponse,
  regenerateRecoveryCodesRequest,
  twoFactorStatusResponse,
} from '../../../shared/admin/two-factor-contracts';
import type { AppContext } from '../../context';
import {
  confirmAccountEnrolment,
  disableAccountTwoFactor,
  regenerateAccountRecoveryCodes,
  signOutOtherSessions,
  startAccountEnrolment,
  twoFactorStatus,
} from './account-security-service';
import { adminPrincipal, requireAdmin } from './admin-guard';

const tags = ['admin'];

/** "Your security" (decision 1630): every role, each admin only ever about themselves. */
export function adminAccountSecurityRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const self = requireAdmin(context, 'account:security');

    app.get(
      '/api/admin/account/security',
      {
        preHandler: self,
        schema: {
          tags,
          summary: 'Your two-factor state, recovery codes left and other live sessions',
          response: { 200: twoFactorStatusResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return twoFactorStatus(context, adminPrincipal(request));
      },
    );

    app.post(
      '/api/admin/account/two-factor/enrolment',
      {
        preHandler: self,
        schema: {
          tags,
          summary: 'Start turning two-factor on: a new secret, its otpauth URI and QR code',
          response: { 200: enrolmentStartResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return startAccountEnrolment(context, adminPrincipal(request));
      },
    );

    app.post(
      '/api/admin/account/two-factor/enrolment/confirm',
      {
        preHandler: self,
        schema: {
          tags,
          summary: 'Confirm with a first code: two-factor is on; answers ten recovery codes, once',
          body: accountEnrolmentConfirmRequest,
          response: { 200: recoveryCodesResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return confirmAccountEnrolment(context, adminPrincipal(request), request.body);
      },
    );

    app.post(
      '/api/admin/account/two-factor/disable',
      {
        preHandler: self,
        schema: {
          tags,
          summary: 'Turn two-factor off with a current code (support only: other roles must keep it)',
          body: disableTwoFactorRequest,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await disableAccountTwoFactor(context, adminPrincipal(request), request.body.code);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/admin/account/two-factor/recovery-codes',
      {
        preHandler: self,
        schema: {
          tags,
          summary: 'Replace the recovery codes after a current code; answers the ten new ones, once',
          body: regenerateRecoveryCodesRequest,
          response: { 200: recoveryCodesResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return regenerateAccountRecoveryCodes(context, adminPrincipal(request), request.body.code);
      },
    );

    app.post(
      '/api/admin/account/sessions/revoke-others',
      {
        preHandler: self,
        schema: {
          tags,
          summary: 'Sign out of every other session of yours',
          response: { 200: otherSessionsEndedResponse },
        },
      },
      async (request) => ({
        sessions_ended: await signOutOtherSessions(context, adminPrincipal(request)),
      }),
    );
  };
}
