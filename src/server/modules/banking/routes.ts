/**
 * The bank API of the signed-in investor: the identity step of the wizard, the accounts,
 * micro-deposits and pending-verification checks. Another investor's account id answers
 * 404, exactly like an id that does not exist.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type BankAccountResponse,
  bankAccountResponse,
  bankAccountsResponse,
  type IdentitySubmitResponse,
  identityStatusResponse,
  identitySubmission,
  identitySubmitResponse,
} from '../../../shared/banking/contracts';
import { bankMessages } from '../../../shared/banking/messages';
import { verifyMicroDepositsRequest } from '../../../shared/banking/micro-deposits';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import {
  listBankAccounts,
  refreshVerification,
  removeBankAccount,
  verifyMicroDeposits,
} from './account-service';
import { toBankAccountView } from './bank-account-view';
import { answerInShape } from './function-answer';
import {
  getIdentityStatus,
  IdentityValidationError,
  recheckIdentity,
  submitIdentity,
} from './identity-service';

const accountParams = z.object({ id: z.uuid() });
const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export function bankingRoutes(context: AppContext): FastifyPluginAsyncZod {
  const view = (row: Parameters<typeof toBankAccountView>[0]) =>
    toBankAccountView(row, { isProduction: context.config.isProduction });

  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const guard = { preHandler: requireInvestor(context) };

    app.get(
      '/api/banking/identity',
      {
        ...guard,
        schema: {
          tags: ['banking'],
          summary: 'Whether the investor’s identity is verified (the SSN only as its last four)',
          response: { 200: identityStatusResponse, '4xx': errorBody },
        },
      },
      async (request) => getIdentityStatus(context, investorSessionOf(request).investorId),
    );

    app.post(
      '/api/banking/identity',
      {
        ...guard,
        schema: {
          tags: ['banking'],
          summary: 'Sends the identity form to the KYC provider; keeps the tax record when approved',
          body: identitySubmission,
          response: {
            200: identitySubmitResponse,
            '4xx': identitySubmitResponse,
            '5xx': identitySubmitResponse,
          },
        },
      },
      async (request, reply) =>
        answerInShape<IdentitySubmitResponse>(
          reply,
          () => submitIdentity(context, investorSessionOf(request).investorId, request.body),
          (error) => ({
            ok: false,
            error: error.message,
            field_errors: error instanceof IdentityValidationError ? error.fieldErrors : null,
            identity: null,
          }),
        ),
    );

    app.post(
      '/api/banking/identity/recheck',
      {
        ...guard,
        schema: {
          tags: ['banking'],
          summary: 'Reads a pending identity verification again from the KYC provider',
          response: {
            200: identitySubmitResponse,
            '4xx': identitySubmitResponse,
            '5xx': identitySubmitResponse,
          },
        },
      },
      async (request, reply) =>
        answerInShape<IdentitySubmitResponse>(
          reply,
          () => recheckIdentity(context, investorSessionOf(request).investorId),
          (error) => ({ ok: false, error: error.message, field_errors: null, identity: null }),
        ),
    );

    app.get(
      '/api/banking/accounts',
      {
        ...guard,
        schema: {
          tags: ['banking'],
          summary: 'The primary account and a replacement awaiting verification',
          response: { 200: bankAccountsResponse, '4xx': errorBody },
        },
      },
      async (request) => ({
        bank_accounts: (await listBankAccounts(context, investorSessionOf(request).investorId)).map(view),
      }),
    );

    app.post(
      '/api/banking/accounts/:id/micro-deposits',
      {
        ...guard,
        attachValidation: true,
        schema: {
          tags: ['banking'],
          summary: 'Checks the two micro-deposit amounts (three wrong tries mark the account failed)',
          params: accountParams,
          body: verifyMicroDepositsRequest,
          response: { 200: bankAccountResponse, '4xx': bankAccountResponse },
        },
      },
      async (request, reply) =>
        answerInShape<BankAccountResponse>(
          reply,
          async () => {
            if (request.validationError) {
              throw new AppError('validation_failed', { message: bankMessages.microDepositAmount });
            }
            const { investorId } = investorSessionOf(request);
            const result = await verifyMicroDeposits(context, investorId, request.params.id, request.body);
            if (result.outcome === 'verified') {
              return { ok: true, error: null, error_code: null, bank_account: view(result.account) };
            }
            reply.status(422);
            return {
              ok: false,
              error:
                result.outcome === 'failed'
                  ? bankMessages.microDepositsFailed
                  : bankMessages.microDepositsMismatch(result.attemptsLeft),
              error_code: result.outcome === 'failed' ? 'verification_failed' : 'amounts_mismatch',
              bank_account: view(result.account),
            };
          },
          (error) => ({ ok: false, error: error.message, error_code: error.code, bank_account: null }),
        ),
    );

    app.post(
      '/api/banking/accounts/:id/refresh',
      {
        ...guard,
        schema: {
          tags: ['banking'],
          summary: 'Asks the bank-connection provider whether a pending account is verified yet',
          params: accountParams,
          response: { 200: bankAccountResponse, '4xx': bankAccountResponse, '5xx': bankAccountResponse },
        },
      },
      async (request, reply) =>
        answerInShape<BankAccountResponse>(
          reply,
          async () => {
            const { investorId } = investorSessionOf(request);
            const account = await refreshVerification(context, investorId, request.params.id);
            return { ok: true, error: null, error_code: null, bank_account: view(account) };
          },
          (error) => ({ ok: false, error: error.message, error_code: error.code, bank_account: null }),
        ),
    );

    app.delete(
      '/api/banking/accounts/:id',
      {
        ...guard,
        schema: {
          tags: ['banking'],
          summary: 'Drops a replacement account that is not the primary (cancels a bank change)',
          params: accountParams,
          response: { 200: z.object({ ok: z.boolean() }), '4xx': errorBody },
        },
      },
      async (request) => {
        await removeBankAccount(context, investorSessionOf(request).investorId, request.params.id);
        return { ok: true };
      },
    );
  };
}
