/**
 * The spec's sign-up and sign-in functions, POST /functions/v1/<name>, with the spec's payload
 * and response fields (spec 7). They act on the caller's own session (PRODUCT.md 2); the
 * public anonymous key of the spec is accepted and ignored (PRODUCT.md 3). Failures keep the
 * same body shape with a 4xx status (429 with retry-after for limits).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  authPasswordLoginRequest,
  authPasswordLoginResponse,
  authPhoneCheckRequest,
  authPhoneCheckResponse,
  authPhoneStartRequest,
  authPhoneStartResponse,
  authStartRequest,
  authStartResponse,
  type AuthPasswordLoginResponse,
  type AuthPhoneCheckResponse,
  type AuthPhoneStartResponse,
  type AuthStartResponse,
  type OkResponse,
  okResponse,
  type OnboardResumeResponse,
  onboardResumeResponse,
  userIdRequest,
} from '../../../shared/auth/contracts';
import { nextScreen } from '../../../shared/auth/next-screen';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { linkBrowserBinding, rememberLinkBrowser } from './link-browser';
import { startMagicLink } from './magic-link-service';
import { authMessages } from './messages';
import { ensureInvestorForVerifiedUser, loadAccountState } from './onboarding-service';
import { loginWithPassword } from './password-service';
import { checkPhoneCode, startPhoneCode } from './phone-service';
import { findInvestorByUserId, findUserById } from './repository';
import { authSettingsOf, getInvestorSession } from './session-guard';
import { endSession } from './session-service';
import type { CodeDelivery } from './sms-code-service';

/**
 * Runs a function body; an AppError becomes the function's own failure shape with the error's
 * status (and retry-after). Anything else is a bug and reaches the one error handler.
 */
export async function answerOrFail<T>(
  reply: FastifyReply,
  run: () => Promise<T>,
  failure: (message: string) => T,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError) || error.status === 500) throw error;
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    reply.status(error.status);
    return failure(error.message);
  }
}

/** The wait a limit imposed, for the resend countdown. */
export function retryAfterOf(reply: FastifyReply): { retry_after_seconds?: number } {
  const header = reply.getHeader('retry-after');
  return header === undefined ? {} : { retry_after_seconds: Number(header) };
}

/** A code's delivery as the answer's fields (the screen says "sent now" or "sent at HH:MM, still valid"). */
export function codeDeliveryOf(delivery: CodeDelivery) {
  return {
    retry_after_seconds: delivery.retryAfterSeconds,
    code_reused: delivery.outcome === 'reused',
    code_sent_at: delivery.sentAt.toISOString(),
  };
}

function shapes<T extends z.ZodType>(schema: T) {
  return { 200: schema, '4xx': schema, '5xx': schema };
}

/** A request body that failed its schema: a 400 in the function's own shape. */
function invalidBody(request: FastifyRequest, message: string): AppError | null {
  return request.validationError ? new AppError('validation_failed', { message }) : null;
}

/** A user_id in a body is never trusted: it must be the caller's own (PRODUCT.md 2). */
function assertOwnUser(requested: string | undefined, sessionUserId: string): void {
  if (requested !== undefined && requested !== sessionUserId) {
    throw new AppError('forbidden', { message: authMessages.wrongUser });
  }
}

export function authFunctionRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/functions/v1/auth-start',
      {
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'E-mails a sign-up or sign-in magic link (same answer for known and unknown addresses)',
          body: authStartRequest,
          response: shapes(authStartResponse),
        },
      },
      async (request, reply) =>
        answerOrFail<AuthStartResponse>(
          reply,
          async () => {
            const invalid = invalidBody(request, authMessages.invalidEmail);
            if (invalid) throw invalid;
            const browser = linkBrowserBinding(context, request);
            await startMagicLink(context, request, {
              email: request.body.email,
              redirectTo: request.body.redirect_to,
              referralCode: request.body.ref,
              browserBindingHash: browser.hash,
            });
            rememberLinkBrowser(context, reply, browser);
            return { success: true, ok: true, error: null };
          },
          (message) => ({ success: false, ok: false, error: message }),
        ),
    );

    app.post(
      '/functions/v1/auth-phone-start',
      {
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'Sends an SMS code: onboarding phone step, second factor after a password, or SMS sign-in',
          body: authPhoneStartRequest,
          response: shapes(authPhoneStartResponse),
        },
      },
      async (request, reply) =>
        answerOrFail<AuthPhoneStartResponse>(
          reply,
          async () => {
            const invalid = invalidBody(request, authMessages.invalidPhone);
            if (invalid) throw invalid;
            const delivery = await startPhoneCode(context, request, {
              phone: request.body.phone,
              resend: request.body.resend,
            });
            return { ok: true, error: null, ...codeDeliveryOf(delivery) };
          },
          (message) => ({
            ok: false,
            error: message,
            ...retryAfterOf(reply),
          }),
        ),
    );

    app.post(
      '/functions/v1/auth-phone-check',
      {
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'Checks an SMS code',
          body: authPhoneCheckRequest,
          response: shapes(authPhoneCheckResponse),
        },
      },
      async (request, reply) =>
        answerOrFail<AuthPhoneCheckResponse>(
          reply,
          async () => {
            const invalid = invalidBody(request, authMessages.invalidCode);
            if (invalid) throw invalid;
            await checkPhoneCode(context, request, reply, {
              phone: request.body.phone,
              code: request.body.code,
            });
            return { ok: true, approved: true, error: null };
          },
          (message) => ({ ok: false, approved: false, error: message }),
        ),
    );

    app.post(
      '/functions/v1/auth-password-login',
      {
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'Password sign-in; an SMS code follows (needs_2fa)',
          body: authPasswordLoginRequest,
          response: shapes(authPasswordLoginResponse),
        },
      },
      async (request, reply) =>
        answerOrFail<AuthPasswordLoginResponse>(
          reply,
          async () => {
            const invalid = invalidBody(request, authMessages.invalidCredentials);
            if (invalid) throw invalid;
            const result = await loginWithPassword(context, request, reply, request.body);
            if (!result.needs2fa) return { ok: true, needs_2fa: false, phone_mask: null, error: null };
            const answer = { ok: true, needs_2fa: true, phone_mask: result.phoneMask, error: null };
            if (!result.codeSent) {
              return {
                ...answer,
                code_sent: false,
                code_error: result.reason,
                retry_after_seconds: result.retryAfterSeconds,
              };
            }
            return { ...answer, code_sent: true, ...codeDeliveryOf(result.delivery) };
          },
          (message) => ({ ok: false, needs_2fa: false, phone_mask: null, error: message }),
        ),
    );

    app.post(
      '/functions/v1/auth-logout',
      { schema: { tags: ['auth'], summary: 'Ends the caller’s session', response: { 200: okResponse } } },
      async (request, reply) => {
        await endSession(context, authSettingsOf(context), request, reply);
        return { ok: true, error: null };
      },
    );

    app.post(
      '/functions/v1/verify-email-complete',
      {
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'Completes the e-mail step for the signed-in user (creates the investor record if needed)',
          body: userIdRequest.optional(),
          response: shapes(okResponse),
        },
      },
      async (request, reply) =>
        answerOrFail<OkResponse>(
          reply,
          async () => {
            const session = await getInvestorSession(context, request, { allowOnboarding: true });
            assertOwnUser(request.validationError ? '' : request.body?.user_id, session.userId);
            const user = await findUserById(context.db, session.userId);
            const now = context.clock.now();
            await context.db.transaction((tx) =>
              ensureInvestorForVerifiedUser(tx, { user: user!, referralCode: null, now }),
            );
            return { ok: true, error: null };
          },
          (message) => ({ ok: false, error: message }),
        ),
    );

    app.post(
      '/functions/v1/onboard-resume',
      {
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'The next onboarding screen for the signed-in user (PRODUCT.md 5)',
          body: userIdRequest.optional(),
          response: shapes(onboardResumeResponse),
        },
      },
      async (request, reply) =>
        answerOrFail<OnboardResumeResponse>(
          reply,
          async () => {
            const session = await getInvestorSession(context, request, { allowOnboarding: true });
            assertOwnUser(request.validationError ? '' : request.body?.user_id, session.userId);
            const user = await findUserById(context.db, session.userId);
            const investor = await findInvestorByUserId(context.db, session.userId);
            return {
              next_screen: nextScreen(await loadAccountState(context.db, user!, investor!)),
              error: null,
            };
          },
          (message) => ({ next_screen: null, error: message }),
        ),
    );
  };
}
