/**
 * Buying a note (spec 4 and 5, PRODUCT.md 16-17). The server checks again everything the
 * modal checked, in the same order and with the same messages, then writes the investment,
 * its `purchase` entry, the pending ACH debit, the debit authorisation and the investor's
 * confirmation notice in one transaction, once per idempotency key.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error';
import { rateToMillionths } from '../../../shared/ledger/interest';
import { toMoneyString } from '../../../shared/money/decimal-string';
import { purchaseReference } from '../../../shared/portal/transaction-display';
import { planCopy } from '../../../shared/products/plans';
import type {
  PurchaseOptionsResponse,
  PurchaseRequest,
  PurchaseResponse,
} from '../../../shared/purchases/purchase-contracts';
import { achPurchaseMessages } from '../../../shared/payments/ach-messages';
import {
  normalisePurchaseAmount,
  purchaseFormError,
  purchaseMessages,
} from '../../../shared/purchases/purchase-rules';
import { assertElectronicRecordsConsent } from '../consents/service';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { pauseAt } from '../../faults/pause-point';
import { clientDetails } from '../../http/client-details';
import { type IdempotentOutcome, runIdempotently } from '../../http/idempotency';
import { enforceRateLimit } from '../../security/rate-limiter';
import { assertNoWatchlistHold } from '../banking/identity-service';
import { AchRailError } from '../../providers/ach';
import { enforceAchDebitLimits } from '../ach-rail/ach-limits';
import { loadTransferAccount, transferOrderOf } from '../money/ach-transfers';
import { insertFundedNote } from '../money/note-repository';
import { listRolloverTerms } from '../notes/service';
import { maturityInstructionMessages } from '../../../shared/investments/maturity-instruction';
import { interestReinvestmentMessages } from '../../../shared/investments/interest-reinvestment';
import { maturityDateOf } from '../../../shared/products/maturity';
import { investmentPurchaseMessage } from '../notifications/transactional-templates';
import { enqueueNotices } from '../notifications/notice-queue-repository';
import { noticeSenderOf } from '../notifications/notice-sender';
import { trimRate } from '../products/product-mapper';
import { admitSale, keepingRefusals, recordSale } from '../offerings/sale-limits';
import { fundingDebitSenderOf } from './funding-debit-sender';
import {
  type BuyableProductRow,
  findBuyableProduct,
  findOwnBankAccount,
  listVerifiedBankAccounts,
  readPurchaseMaximum,
} from './repository';

const purchasesPerInvestor = { name: 'purchase:investor', limit: 30, windowSeconds: 3600 };
const uuid = z.uuid();

function invalid(message: string): AppError {
  return new AppError('validation_failed', { message });
}

export async function getPurchaseOptions(
  context: AppContext,
  investorId: string,
): Promise<PurchaseOptionsResponse> {
  const accounts = await listVerifiedBankAccounts(context.db, investorId);
  return {
    funding_accounts: accounts.map(({ verification_status: _status, ...account }) => account),
    maximum_purchase_amount: toMoneyString(await readPurchaseMaximum(context.db)),
    agreement_version: AGREEMENT_VERSION,
    today: context.clock.today(),
    rollover_terms: await listRolloverTerms(context.db, context.clock.today()),
  };
}

interface CheckedPurchase {
  product: BuyableProductRow;
  amount: string;
  bankAccountId: string;
  bankLastFour: string;
}

/** The checks of spec 5 in its order, then what only the server can know. */
async function checkPurchase(
  tx: Transaction,
  context: AppContext,
  investorId: string,
  body: PurchaseRequest,
): Promise<CheckedPurchase> {
  await assertNoWatchlistHold(tx, investorId);
  if (!body.product_id || body.term_years === null) throw invalid(purchaseMessages.selectTerm);
  const product = uuid.safeParse(body.product_id).success
    ? await findBuyableProduct(tx, body.product_id, context.clock.today())
    : null;
  if (!product) throw new AppError('conflict', { message: purchaseMessages.productUnavailable });
  if (product.term_years !== body.term_years) throw invalid(purchaseMessages.selectTerm);
  const formError = purchaseFormError({
    product,
    amount: body.amount,
    fundingAccountId: body.funding_account_id,
    maximum: await readPurchaseMaximum(tx),
  });
  if (formError) throw invalid(formError);
  const account = uuid.safeParse(body.funding_account_id).success
    ? await findOwnBankAccount(tx, investorId, body.funding_account_id)
    : null;
  if (!account) throw invalid(purchaseMessages.selectFundingAccount);
  if (account.verification_status !== 'verified') throw invalid(purchaseMessages.fundingAccountNotVerified);
  const sawRate = /^\d*\.?\d+$/.test(body.interest_rate_annual)
    ? rateToMillionths(body.interest_rate_annual)
    : -1n;
  if (sawRate !== rateToMillionths(product.interest_rate_annual)) {
    throw new AppError('conflict', { message: purchaseMessages.rateChanged });
  }
  if (product.investment_type !== 'standard' && body.reinvest_interest === true) {
    throw invalid(interestReinvestmentMessages.notStandard);
  }
  if (product.investment_type === 'high_yield' && body.maturity_instruction?.kind === 'roll_over') {
    const term = body.maturity_instruction.term_years;
    const offered = await listRolloverTerms(tx, context.clock.today());
    if (!offered.some((row) => row.term_years === term)) {
      throw invalid(maturityInstructionMessages.termUnavailable);
    }
  }
  if (!body.consent) throw invalid(purchaseMessages.consentRequired);
  if (body.agreement_version !== AGREEMENT_VERSION) {
    throw new AppError('conflict', { message: purchaseMessages.agreementOutdated });
  }
  // The agreement is an electronic record: signed only with a current ESIGN consent (decision 1920).
  await assertElectronicRecordsConsent(tx, investorId);
  return {
    product,
    amount: normalisePurchaseAmount(body.amount) ?? body.amount,
    bankAccountId: account.id,
    bankLastFour: account.account_last_four,
  };
}

export async function purchaseInvestment(
  context: AppContext,
  request: FastifyRequest,
  input: { investorId: string; key: string; body: PurchaseRequest },
): Promise<IdempotentOutcome<PurchaseResponse>> {
  const now = context.clock.now();
  const today = context.clock.today();
  const written: { hasNotice?: boolean; railPaymentId?: string } = {};
  const outcome = await keepingRefusals(
    context.db,
    now,
    runIdempotently<PurchaseResponse>(
      context.db,
      {
        scope: `purchase:${input.investorId}`,
        key: input.key,
        fingerprint: input.body,
        now,
        messages: { inProgress: purchaseMessages.inProgress, keyReused: purchaseMessages.keyReused },
        admit: () =>
          enforceRateLimit(context.db, purchasesPerInvestor, input.investorId, now, 'Too many purchases.'),
      },
      async (tx) => {
        const checked = await checkPurchase(tx, context, input.investorId, input.body);
        await tx.execute(sql`select id from investors where id = ${input.investorId}::uuid for update`);
        // The offering's cap, circular and investor limits (issue 26), under the offering's lock.
        const sale = await admitSale(tx, context.config.fieldEncryptionKey, {
          productId: checked.product.id,
          investorId: input.investorId,
          amount: checked.amount,
          kind: 'purchase',
          today,
        });
        await enforceAchDebitLimits(tx, {
          investorId: input.investorId,
          amount: checked.amount,
          today,
          timeZone: context.config.BUSINESS_TZ,
          limits: {
            daily: context.config.ACH_INVESTOR_DAILY_LIMIT,
            monthly: context.config.ACH_INVESTOR_MONTHLY_LIMIT,
          },
        });
        const railFunding = await authorizeFundingDebit(context, tx, {
          amount: checked.amount,
          bankAccountId: checked.bankAccountId,
        });
        if (railFunding) written.railPaymentId = railFunding.achPaymentId;
        const fundingEffectiveDate = context.providers.ach.expectedSettlementDate(today);
        const { investmentId } = await insertFundedNote(tx, {
          investorId: input.investorId,
          bankAccountId: checked.bankAccountId,
          productId: checked.product.id,
          investmentType: checked.product.investment_type,
          principal: checked.amount,
          rate: checked.product.interest_rate_annual,
          termYears: checked.product.term_years,
          startDate: today,
          now,
          fundingEffectiveDate,
          agreementVersion: AGREEMENT_VERSION,
          idempotencyKey: input.key,
          ...(railFunding ? { railFunding } : {}),
          maturityInstruction: input.body.maturity_instruction,
          reinvestInterest:
            checked.product.investment_type === 'standard' && input.body.reinvest_interest === true,
          ...clientDetails(request),
        });
        await recordSale(tx, {
          offeringId: sale.offeringId,
          investorId: input.investorId,
          investmentId,
          kind: 'purchase',
          amount: checked.amount,
          soldOn: today,
          now,
        });
        // The confirmation is queued with the note (decision 1311): a note never goes untold.
        await enqueueNotices(
          tx,
          [
            {
              investorId: input.investorId,
              ...investmentPurchaseMessage(context.config.BRAND_NAME, {
                amount: checked.amount,
                planName: planCopy[checked.product.investment_type].name,
                startDate: today,
                bankLastFour: checked.bankLastFour,
              }),
            },
          ],
          now,
        );
        written.hasNotice = true;
        return {
          status: 201,
          body: {
            investment: {
              id: investmentId,
              reference: purchaseReference(investmentId),
              investment_type: checked.product.investment_type,
              principal_amount: checked.amount,
              interest_rate_annual: trimRate(checked.product.interest_rate_annual),
              term_years: checked.product.term_years,
              start_date: today,
              maturity_date: maturityDateOf(
                checked.product.investment_type,
                today,
                checked.product.term_years,
              ),
              status: 'active',
              funding_expected_on: fundingEffectiveDate,
              reinvests_interest:
                checked.product.investment_type === 'standard' && input.body.reinvest_interest === true,
            },
          },
        };
      },
    ),
  );
  await pauseAt('purchase:after-commit');
  // The answer does not wait for the rail (decision 1850): the debit is committed, authorised
  // and pending; creating its transfer runs after, and is retried if this process stops.
  if (written.railPaymentId) fundingDebitSenderOf(context).send(written.railPaymentId);
  if (written.hasNotice) noticeSenderOf(context).kick();
  return outcome;
}

/**
 * On a transfer rail, the funding debit is authorised before the note exists (decision 1500):
 * a declined authorisation (not enough money, risk) refuses the purchase and nothing is
 * written. The payment's id, chosen here, is the authorisation's idempotency key.
 */
async function authorizeFundingDebit(
  context: AppContext,
  tx: Transaction,
  input: { amount: string; bankAccountId: string },
): Promise<{ achPaymentId: string; provider: 'plaid'; authorizationId: string } | null> {
  const ach = context.providers.ach;
  if (ach.name !== 'plaid') return null;
  const account = await loadTransferAccount(tx, context.config.fieldEncryptionKey, input.bankAccountId);
  if (!account) throw invalid(achPurchaseMessages.accountNotOnRail);
  const achPaymentId = randomUUID();
  let authorization: Awaited<ReturnType<typeof ach.authorize>>;
  try {
    authorization = await ach.authorize(
      transferOrderOf(
        { id: achPaymentId, payment_type: 'funding', direction: 'debit', amount: input.amount },
        account,
        true,
      ),
    );
  } catch (error) {
    if (error instanceof AchRailError) {
      throw new AppError('provider_unavailable', {
        message: achPurchaseMessages.railUnavailable,
        cause: error,
      });
    }
    throw error;
  }
  if (authorization.decision === 'declined') {
    throw new AppError('validation_failed', {
      message: achPurchaseMessages.declined(authorization.reason),
      status: 422,
    });
  }
  return { achPaymentId, provider: 'plaid', authorizationId: authorization.authorizationId };
}
