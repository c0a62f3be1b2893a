import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_TOKEN_HEADER,
  adminLoginFailure,
  adminLoginMessages,
  adminLoginRequest,
  adminLoginSuccess,
  adminSessionResponse,
} from '../../../shared/admin/auth-contracts';
import {
  adminLoginAnswer,
  enrolmentConfirmRequest,
  enrolmentConfirmResponse,
  enrolmentStartRequest,
  enrolmentStartResponse,
  secondFactorRequest,
} from '../../../shared/admin/two-factor-contracts';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { clientDetails } from '../../http/client-details';
import { completeSecondFactor, confirmSignInEnrolment, startSignInEnrolment } from './second-factor-service';
import { profileOf, resolveAdminSession, signInAdmin, signOutAdmin } from './service';
import { clearAdminSessionCookie, readAdminSessionCookie, setAdminSessionCookie } from './session-cookie';

export function adminAuthRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/functions/v1/admin-login',
      {
        schema: {
          tags: ['admin'],
          summary: 'Admin sign-in: sets the admin session cookie and answers the CSRF token',
          body: adminLoginRequest,
          response: { 200: adminLoginAnswer, 401: adminLoginFailure, 429: adminLoginFailure },
        },
      },
      async (request, reply) => {
        const outcome = await signInAdmin(context, {
          email: request.body.email,
          password: request.body.password,
          ipAddress: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        });
        if (outcome.kind === 'limited')
          return reply.status(429).send({ success: false, error: outcome.message });
        if (outcome.kind === 'refused')
          return reply.status(401).send({ success: false, error: adminLoginMessages.refused });
        reply.header('cache-control', 'no-store');
        if (outcome.kind === 'second_factor') {
          return { success: true as const, second_factor: outcome.step, challenge: outcome.challenge };
        }
        setAdminSessionCookie(reply, context.config, outcome.signIn.sessionToken);
        return { success: true as const, token: outcome.signIn.csrfToken, admin: outcome.signIn.admin };
      },
    );

    app.post(
      '/api/admin/login/verify',
      {
        schema: {
          tags: ['admin'],
          summary: 'Second sign-in step: the authenticator code or a recovery code; sets the session cookie',
          body: secondFactorRequest,
          response: { 200: adminLoginSuccess },
        },
      },
      async (request, reply) => {
        const signIn = await completeSecondFactor(context, {
          ...request.body,
          ...clientDetails(request),
        });
        setAdminSessionCookie(reply, context.config, signIn.sessionToken);
        reply.header('cache-control', 'no-store');
        return { success: true as const, token: signIn.csrfToken, admin: signIn.admin };
      },
    );

    app.post(
      '/api/admin/login/enrolment',
      {
        schema: {
          tags: ['admin'],
          summary: 'Two-factor set-up during sign-in: a new secret, its otpauth URI and QR code',
          body: enrolmentStartRequest,
          response: { 200: enrolmentStartResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return startSignInEnrolment(context, request.body.challenge);
      },
    );

    app.post(
      '/api/admin/login/enrolment/confirm',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Confirms two-factor set-up with a first code: answers the session and ten recovery codes, once',
          body: enrolmentConfirmRequest,
          response: { 200: enrolmentConfirmResponse },
        },
      },
      async (request, reply) => {
        const { signIn, recoveryCodes } = await confirmSignInEnrolment(context, {
          ...request.body,
          ...clientDetails(request),
        });
        setAdminSessionCookie(reply, context.config, signIn.sessionToken);
        reply.header('cache-control', 'no-store');
        return {
          success: true as const,
          token: signIn.csrfToken,
          admin: signIn.admin,
          recovery_codes: recoveryCodes,
        };
      },
    );

    // A reloaded admin page learns who is signed in and its CSRF token from the cookie alone.
    // Safe without the token: a cross-site page can send the cookie (it is SameSite=Strict
    // anyway) but cannot read the answer.
    app.get(
      '/api/admin/session',
      {
        schema: {
          tags: ['admin'],
          summary: 'The signed-in admin and the CSRF token for x-admin-token',
          response: { 200: adminSessionResponse },
        },
      },
      async (request, reply) => {
        const { principal, csrfToken } = await resolveAdminSession(
          context,
          readAdminSessionCookie(request, context.config),
          undefined,
        );
        reply.header('cache-control', 'no-store');
        return { token: csrfToken, admin: profileOf(principal) };
      },
    );

    app.delete(
      '/api/admin/session',
      {
        schema: {
          tags: ['admin'],
          summary: 'Admin sign-out: ends the session and clears its cookie',
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const sessionToken = readAdminSessionCookie(request, context.config);
        // Signing out needs the CSRF token of a live session, so another site cannot sign an admin out;
        // a session that has already ended only has its cookie cleared.
        const csrfToken = request.headers[ADMIN_TOKEN_HEADER];
        const resolved = await resolveAdminSession(
          context,
          sessionToken,
          typeof csrfToken === 'string' ? csrfToken : null,
        ).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'unauthenticated') return null;
          throw error;
        });
        if (resolved) await signOutAdmin(context, sessionToken);
        clearAdminSessionCookie(reply, context.config);
        return reply.status(204).send(null);
      },
    );
  };
}
