/**
 * The session API of the web app: who is signed in, confirming a magic link (POST only:
 * mail scanners pre-open GET links), setting a password, "Forgot password?", step-up codes
 * and the demo shortcut (demo mode only).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmLinkRequest,
  confirmLinkResponse,
  demoLoginResponse,
  okResponse,
  passwordResetRequest,
  sessionResponse,
  setPasswordRequest,
  setPasswordResponse,
  stepUpStartRequest,
  stepUpStartResponse,
  stepUpVerifyRequest,
  authPhoneCheckResponse,
  type AuthPhoneCheckResponse,
  type DemoLoginResponse,
  type OkResponse,
  type SetPasswordResponse,
  type StepUpStartResponse,
} from '../../../shared/auth/contracts';
import { maskPhone } from '../../../shared/auth/phone';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { demoAccounts } from '../demo/seed-demo-data';
import { enforceRateLimit } from '../../security/rate-limiter';
import { answerOrFail, codeDeliveryOf, retryAfterOf } from './function-routes';
import { linkBrowserBinding, rememberLinkBrowser } from './link-browser';
import { confirmMagicLink, LinkConfirmationError, startPasswordReset } from './magic-link-service';
import { authMessages } from './messages';
import { describeSessionInvestor } from './onboarding-service';
import { setPassword } from './password-service';
import { findUserByEmail } from './repository';
import { authSettingsOf, findInvestorSession } from './session-guard';
import { readSession, startSession } from './session-service';
import { readBackupWithholdingStatus } from '../backup-withholding/service';
import { startStepUp, verifyStepUp } from './step-up-service';

export const ADMIN_SIGN_IN_PATH = '/admin/login';

export function authSessionRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in investor’s basics, or who is not signed in',
          response: { 200: sessionResponse },
        },
      },
      async (request) => {
        const current = await readSession(context, authSettingsOf(context), request);
        if (current?.session.kind === 'second_factor') {
          return {
            authenticated: false,
            pending_second_factor: true,
            phone_mask: current.user.phoneE164 ? maskPhone(current.user.phoneE164) : null,
            investor: null,
            tin_certification_needed: null,
          };
        }
        const session = await findInvestorSession(context, request);
        if (!session || !current?.investor) {
          return {
            authenticated: false,
            pending_second_factor: false,
            phone_mask: null,
            investor: null,
            tin_certification_needed: null,
          };
        }
        const investor = await describeSessionInvestor(context.db, {
          user: current.user,
          investor: current.investor,
          timeZone: context.clock.timeZone,
        });
        const withholding = await readBackupWithholdingStatus(context, context.db, current.investor.id);
        return {
          authenticated: true,
          pending_second_factor: false,
          phone_mask: investor.phone_masked,
          investor,
          tin_certification_needed: withholding.needs_certification
            ? { rate: withholding.rate, grace_until: withholding.grace_until }
            : null,
        };
      },
    );

    app.post(
      '/api/auth/confirm',
      {
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary:
            'Uses a magic link once and starts the session (automatically only in the browser that asked for it)',
          body: confirmLinkRequest,
          response: { 200: confirmLinkResponse, '4xx': confirmLinkResponse },
        },
      },
      async (request, reply) => {
        if (request.validationError) return reply.status(400).send({ ok: false, error: 'invalid_link' });
        try {
          await confirmMagicLink(context, request, reply, {
            token: request.body.token_hash,
            type: request.body.type,
            isAutomatic: request.body.auto === true,
          });
          return { ok: true, error: null };
        } catch (error) {
          if (error instanceof LinkConfirmationError)
            return reply.status(error.status).send({ ok: false, error: error.reason });
          throw error;
        }
      },
    );

    app.post(
      '/api/auth/password',
      {
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'Sets the password (onboarding), or replaces it after a fresh SMS code',
          body: setPasswordRequest,
          response: { 200: setPasswordResponse, '4xx': setPasswordResponse },
        },
      },
      async (request, reply) =>
        answerOrFail<SetPasswordResponse>(
          reply,
          async () => {
            if (request.validationError)
              throw new AppError('validation_failed', { message: authMessages.failedToSetPassword });
            const result = await setPassword(context, request, request.body);
            return { ok: true, error: null, next_screen: result.nextScreen };
          },
          (message) => ({ ok: false, error: message, next_screen: null }),
        ),
    );

    app.post(
      '/api/auth/password-reset',
      {
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'E-mails a password reset link (same answer for known and unknown addresses)',
          body: passwordResetRequest,
          response: { 200: okResponse, '4xx': okResponse },
        },
      },
      async (request, reply) =>
        answerOrFail<OkResponse>(
          reply,
          async () => {
            if (request.validationError)
              throw new AppError('validation_failed', { message: authMessages.invalidEmail });
            const browser = linkBrowserBinding(context, request);
            await startPasswordReset(context, request, {
              email: request.body.email,
              browserBindingHash: browser.hash,
            });
            // Set for unknown addresses too: the answer must not tell who is registered.
            rememberLinkBrowser(context, reply, browser);
            return { ok: true, error: null };
          },
          (message) => ({ ok: false, error: message }),
        ),
    );

    app.post(
      '/api/auth/step-up/start',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Sends a step-up SMS code to the signed-in investor’s verified phone, or offers again the one still valid',
          body: stepUpStartRequest.nullish(),
          response: { 200: stepUpStartResponse, '4xx': stepUpStartResponse, '5xx': stepUpStartResponse },
        },
      },
      async (request, reply) =>
        answerOrFail<StepUpStartResponse>(
          reply,
          async () => {
            const result = await startStepUp(context, request, { resend: request.body?.resend === true });
            return { ok: true, error: null, phone_mask: result.phoneMask, ...codeDeliveryOf(result) };
          },
          (message) => ({
            ok: false,
            error: message,
            phone_mask: null,
            ...retryAfterOf(reply),
          }),
        ),
    );

    app.post(
      '/api/auth/step-up/verify',
      {
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'Checks the step-up code; sensitive actions are then allowed for a few minutes',
          body: stepUpVerifyRequest,
          response: { 200: authPhoneCheckResponse, '4xx': authPhoneCheckResponse },
        },
      },
      async (request, reply) =>
        answerOrFail<AuthPhoneCheckResponse>(
          reply,
          async () => {
            if (request.validationError)
              throw new AppError('validation_failed', { message: authMessages.invalidCode });
            await verifyStepUp(context, request, request.body.code);
            return { ok: true, approved: true, error: null };
          },
          (message) => ({ ok: false, approved: false, error: message }),
        ),
    );

    if (context.config.isDemoMode) {
      app.post(
        '/api/auth/demo-login',
        {
          schema: {
            tags: ['auth'],
            summary:
              'Demo mode only: signs in as the demo investor and returns the demo admin’s sign-in hint',
            response: { 200: demoLoginResponse, '4xx': demoLoginResponse },
          },
        },
        async (request, reply) =>
          answerOrFail<DemoLoginResponse>(
            reply,
            async () => {
              const settings = authSettingsOf(context);
              await enforceRateLimit(
                context.db,
                settings.limits.passwordPerIp,
                request.ip,
                context.clock.now(),
              );
              const user = await findUserByEmail(context.db, demoAccounts.investor.email);
              if (!user) throw new AppError('not_found', { message: 'The demo account is not available.' });
              await startSession(context, settings, request, reply, { userId: user.id, kind: 'full' });
              return {
                ok: true,
                error: null,
                admin_hint: {
                  email: demoAccounts.admin.email,
                  password: demoAccounts.admin.password,
                  url: ADMIN_SIGN_IN_PATH,
                },
                next_screen: '/account-overview',
              };
            },
            (message) => ({ ok: false, error: message, admin_hint: null, next_screen: null }),
          ),
      );
    }
  };
}
