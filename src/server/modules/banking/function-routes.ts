/**
 * The spec's two bank-connection functions (spec 7), POST /functions/v1/<name>:
 * link-token creation ({user_id, redirect_uri} -> {link_token}) and token exchange ({public
 * token or OAuth state id, investor_id, account_id, metadata}). Both act for the caller's
 * own session; a user_id or investor_id of someone else is refused (PRODUCT.md 2).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ExchangeResponse,
  exchangeRequest,
  exchangeResponse,
  type LinkTokenResponse,
  linkTokenRequest,
  linkTokenResponse,
} from '../../../shared/banking/contracts';
import { bankMessages } from '../../../shared/banking/messages';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { getInvestorSession } from '../auth/session-guard';
import { toBankAccountView } from './bank-account-view';
import { createLinkToken, exchangeLink } from './bank-link-service';
import { answerInShape } from './function-answer';

export const LINK_TOKEN_FUNCTION = 'bank-connection-link-token';
export const EXCHANGE_FUNCTION = 'bank-connection-exchange';

const shapes = <T>(schema: T) => ({ 200: schema, '4xx': schema, '5xx': schema });

export function bankFunctionRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      `/functions/v1/${LINK_TOKEN_FUNCTION}`,
      {
        attachValidation: true,
        schema: {
          tags: ['banking'],
          summary: 'Starts a bank-connection Link session for the signed-in investor',
          body: linkTokenRequest,
          response: shapes(linkTokenResponse),
        },
      },
      async (request, reply) =>
        answerInShape<LinkTokenResponse>(
          reply,
          async () => {
            if (request.validationError) {
              throw new AppError('validation_failed', { message: bankMessages.failedToCreateLinkToken });
            }
            const session = await getInvestorSession(context, request);
            return createLinkToken(context, request, session, request.body);
          },
          (error) => ({
            link_token: null,
            link_url: null,
            expiration: null,
            provider: null,
            provider_name: context.providers.bankConnection.displayName,
            is_bank_change: false,
            error: error.message,
            error_code: error.code,
          }),
        ),
    );

    app.post(
      `/functions/v1/${EXCHANGE_FUNCTION}`,
      {
        attachValidation: true,
        schema: {
          tags: ['banking'],
          summary: 'Finishes a Link session: stores the chosen account (numbers encrypted)',
          body: exchangeRequest,
          response: shapes(exchangeResponse),
        },
      },
      async (request, reply) =>
        answerInShape<ExchangeResponse>(
          reply,
          async () => {
            if (request.validationError) {
              throw new AppError('validation_failed', { message: bankMessages.failedToLink });
            }
            const session = await getInvestorSession(context, request);
            const account = await exchangeLink(context, session, request.body);
            return {
              ok: true,
              error: null,
              error_code: null,
              bank_account: toBankAccountView(account, { isProduction: context.config.isProduction }),
            };
          },
          (error) => ({ ok: false, error: error.message, error_code: error.code, bank_account: null }),
        ),
    );
  };
}
