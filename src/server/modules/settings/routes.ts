/**
 * The /settings API of the signed-in investor. Nothing here takes an investor or user id:
 * every call reads and writes the caller's own record (PRODUCT.md 1 and 2).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error';
import {
  emailChangeConfirmRequest,
  emailChangeConfirmResponse,
  emailChangeStartRequest,
  emailChangeStartResponse,
  investorSettings,
  phoneChangeStartRequest,
  phoneChangeStartResponse,
  phoneChangeVerifyRequest,
  phoneChangeVerifyResponse,
  profileResponse,
  settingsMessages,
} from '../../../shared/settings/contracts';
import {
  notificationPreferenceFlags,
  notificationPreferencesView,
} from '../../../shared/settings/notification-preferences';
import { updateProfileRequest } from '../../../shared/settings/profile';
import { taxInformationResponse, taxInformationSubmission } from '../../../shared/settings/tax-information';
import type { AppContext } from '../../context';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import {
  confirmEmailChange,
  startEmailChange,
  startPhoneChange,
  verifyPhoneChange,
} from './contact-change-service';
import { getInvestorSettings, saveNotificationPreferences, updateProfile } from './service';
import { saveTaxInformation } from './tax-information-service';

const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export function settingsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const guard = { preHandler: requireInvestor(context) };

    app.get(
      '/api/settings',
      {
        ...guard,
        schema: {
          tags: ['settings'],
          summary: 'The signed-in investor’s settings (the spec’s get_investor_settings)',
          response: { 200: investorSettings, '4xx': errorBody },
        },
      },
      async (request) => getInvestorSettings(context, investorSessionOf(request).investorId),
    );

    app.patch(
      '/api/settings/profile',
      {
        ...guard,
        schema: {
          tags: ['settings'],
          summary: 'Edit Name: first and last name',
          body: updateProfileRequest,
          response: { 200: profileResponse, '4xx': errorBody },
        },
      },
      async (request) => updateProfile(context, investorSessionOf(request).investorId, request.body),
    );

    app.put(
      '/api/settings/notification-preferences',
      {
        ...guard,
        schema: {
          tags: ['settings'],
          summary: 'Saves the ten switches; SMS needs a verified phone; marketing SMS records consent',
          body: notificationPreferenceFlags,
          response: { 200: notificationPreferencesView, '4xx': errorBody },
        },
      },
      async (request) =>
        saveNotificationPreferences(context, investorSessionOf(request).investorId, request.body),
    );

    app.post(
      '/api/settings/email-change/start',
      {
        ...guard,
        schema: {
          tags: ['settings'],
          summary: 'After a step-up, e-mails a confirmation link to the new address',
          body: emailChangeStartRequest,
          response: { 200: emailChangeStartResponse, '4xx': errorBody, '5xx': errorBody },
        },
      },
      async (request) => {
        const result = await startEmailChange(
          context,
          request,
          investorSessionOf(request),
          request.body.email,
        );
        return { ok: true, pending_email: result.pendingEmail };
      },
    );

    app.post(
      '/api/settings/email-change/confirm',
      {
        attachValidation: true,
        schema: {
          tags: ['settings'],
          summary: 'Uses the confirmation link once: the new address replaces the old one',
          body: emailChangeConfirmRequest,
          response: { 200: emailChangeConfirmResponse, '4xx': errorBody },
        },
      },
      async (request) => {
        if (request.validationError) {
          throw new AppError('bad_request', { message: settingsMessages.emailChangeLinkInvalid });
        }
        const result = await confirmEmailChange(context, request, request.body.token);
        return { ok: true, email: result.email };
      },
    );

    app.post(
      '/api/settings/phone-change/start',
      {
        ...guard,
        schema: {
          tags: ['settings'],
          summary: 'After a step-up, texts a code to the new number',
          body: phoneChangeStartRequest,
          response: { 200: phoneChangeStartResponse, '4xx': errorBody, '5xx': errorBody },
        },
      },
      async (request) => {
        const result = await startPhoneChange(
          context,
          request,
          investorSessionOf(request),
          request.body.phone,
        );
        return { ok: true, phone: result.phone, retry_after_seconds: result.retryAfterSeconds };
      },
    );

    app.post(
      '/api/settings/phone-change/verify',
      {
        ...guard,
        schema: {
          tags: ['settings'],
          summary: 'Checks the code sent to the new number; it then replaces the old one',
          body: phoneChangeVerifyRequest,
          response: { 200: phoneChangeVerifyResponse, '4xx': errorBody },
        },
      },
      async (request) => {
        const result = await verifyPhoneChange(context, request, investorSessionOf(request), request.body);
        return { ok: true, phone: result.phone };
      },
    );

    app.put(
      '/api/settings/tax-information',
      {
        ...guard,
        schema: {
          tags: ['settings'],
          summary:
            'After a step-up, adds or changes the tax record (KYC-checked, audited, announced by e-mail); the TIN comes back as its last four only',
          body: taxInformationSubmission,
          response: { 200: taxInformationResponse, '4xx': errorBody },
        },
      },
      async (request) => saveTaxInformation(context, request, investorSessionOf(request), request.body),
    );
  };
}
