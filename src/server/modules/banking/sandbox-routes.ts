/**
 * The API behind the sandbox's Link-like page (/sandbox/bank-link), served only when the
 * sandbox is the bank-connection provider. The page runs in a popup of this app, so it
 * carries the investor's session; the link token must be that investor's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountNumber, routingNumber } from '../../../shared/banking/bank-account-numbers';
import {
  sandboxPublicTokenRequest,
  sandboxPublicTokenResponse,
  sandboxSessionResponse,
} from '../../../shared/banking/contracts';
import { bankMessages } from '../../../shared/banking/messages';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import type { SandboxBankConnectionProvider } from '../../providers/sandbox-bank-connection';
import { authMessages } from '../auth/messages';
import { type InvestorSession, investorSessionOf, requireInvestor } from '../auth/session-guard';
import { type LinkSession, openLinkSession } from './link-session';

const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

function linkSessionOf(context: AppContext, session: InvestorSession, sealed: string): LinkSession {
  const opened = openLinkSession(context.config.fieldEncryptionKey, sealed, context.clock.now());
  if (!opened.ok) {
    throw new AppError('bad_request', {
      message: opened.reason === 'expired' ? bankMessages.linkSessionExpired : bankMessages.failedToLink,
    });
  }
  if (opened.session.provider !== 'sandbox')
    throw new AppError('bad_request', { message: bankMessages.failedToLink });
  if (opened.session.userId !== session.userId)
    throw new AppError('forbidden', { message: authMessages.wrongUser });
  return opened.session;
}

export function sandboxBankLinkRoutes(
  context: AppContext,
  provider: SandboxBankConnectionProvider,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const guard = { preHandler: requireInvestor(context) };

    app.get(
      '/api/sandbox/bank-link/session',
      {
        ...guard,
        schema: {
          tags: ['sandbox'],
          summary: 'The sandbox Link page’s institutions for this link token',
          querystring: z.object({ link_token: z.string().min(1).max(4000) }),
          response: { 200: sandboxSessionResponse, '4xx': errorBody },
        },
      },
      async (request) => {
        const session = investorSessionOf(request);
        const link = linkSessionOf(context, session, request.query.link_token);
        return {
          institutions: provider.institutionsFor(session.userId),
          expires_at: link.expiresAt.toISOString(),
        };
      },
    );

    app.post(
      '/api/sandbox/bank-link/public-token',
      {
        ...guard,
        schema: {
          tags: ['sandbox'],
          summary: 'The public token of the account picked (or entered by hand) on the sandbox Link page',
          body: sandboxPublicTokenRequest,
          response: { 200: sandboxPublicTokenResponse, '4xx': errorBody },
        },
      },
      async (request) => {
        const session = investorSessionOf(request);
        const link = linkSessionOf(context, session, request.body.link_token);
        const { selection } = request.body;
        if (selection.kind === 'manual') {
          const routing = routingNumber.safeParse(selection.routing_number);
          if (!routing.success)
            throw new AppError('validation_failed', { message: routing.error.issues[0]!.message });
          const number = accountNumber.safeParse(selection.account_number);
          if (!number.success)
            throw new AppError('validation_failed', { message: number.error.issues[0]!.message });
        }
        try {
          const token = provider.createPublicToken({
            providerLinkToken: link.providerLinkToken,
            clientUserId: session.userId,
            selection,
          });
          return {
            public_token: token.publicToken,
            account_id: token.accountId,
            metadata: {
              institution: {
                id: selection.kind === 'institution' ? selection.institution_id : null,
                name: token.institutionName,
              },
              account: { id: token.accountId, name: token.accountName, mask: token.mask, type: 'depository' },
            },
          };
        } catch {
          throw new AppError('validation_failed', { message: bankMessages.failedToLink });
        }
      },
    );
  };
}
