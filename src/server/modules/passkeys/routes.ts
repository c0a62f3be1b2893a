/**
 * Passkey routes (decision 1725): the Settings section's list, add (after a fresh SMS code)
 * and remove, and the sign-in ceremony on /login. No answer is cached anywhere.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPasskeyRequest,
  passkeyIdParams,
  passkeyListResponse,
  passkeySignInRequest,
  passkeyView,
  webAuthnOptionsResponse,
} from '../../../shared/auth/passkey-contracts';
import type { AppContext } from '../../context';
import { investorSessionOf, requireInvestor, requireStepUp } from '../auth/session-guard';
import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listInvestorPasskeys,
  removePasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkey-service';

export function passkeyRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const guard = { preHandler: requireInvestor(context) };
    const tags = ['passkeys'];

    app.get(
      '/api/settings/passkeys',
      {
        ...guard,
        schema: { tags, summary: 'The investor’s passkeys', response: { 200: passkeyListResponse } },
      },
      async (request) => ({ passkeys: await listInvestorPasskeys(context, investorSessionOf(request)) }),
    );

    app.post(
      '/api/settings/passkeys/options',
      {
        ...guard,
        schema: {
          tags,
          summary: 'Registration options for a new passkey (needs a fresh SMS code)',
          response: { 200: webAuthnOptionsResponse },
        },
      },
      async (request) => {
        const session = await requireStepUp(context, request);
        return startPasskeyRegistration(context, request, session);
      },
    );

    app.post(
      '/api/settings/passkeys',
      {
        ...guard,
        schema: {
          tags,
          summary: 'Adds the passkey the browser created (needs a fresh SMS code)',
          body: addPasskeyRequest,
          response: { 201: passkeyView },
        },
      },
      async (request, reply) => {
        const session = await requireStepUp(context, request);
        const passkey = await finishPasskeyRegistration(context, request, session, {
          name: request.body.name,
          response: request.body.response as RegistrationResponseJSON,
        });
        return reply.status(201).send(passkey);
      },
    );

    app.delete(
      '/api/settings/passkeys/:passkeyId',
      {
        ...guard,
        schema: { tags, summary: 'Removes one of the investor’s passkeys', params: passkeyIdParams },
      },
      async (request) => {
        await removePasskey(context, investorSessionOf(request), request.params.passkeyId);
        return { ok: true };
      },
    );

    app.post(
      '/api/auth/passkey/options',
      {
        schema: {
          tags,
          summary: 'Options to sign in with a passkey (discoverable: no e-mail needed)',
          response: { 200: webAuthnOptionsResponse },
        },
      },
      async (request) => startPasskeySignIn(context, request),
    );

    app.post(
      '/api/auth/passkey/sign-in',
      {
        schema: {
          tags,
          summary: 'Signs in with a passkey instead of password and SMS code',
          body: passkeySignInRequest,
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        await finishPasskeySignIn(
          context,
          request,
          reply,
          request.body.response as AuthenticationResponseJSON,
        );
        return { success: true as const };
      },
    );
  };
}
