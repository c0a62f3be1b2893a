/**
 * CONVERT TO HIGH-YIELD (PRODUCT.md 19): available funds into a new High-Yield note at once,
 * through the money engine's reinvestIntoHighYield, with the same product checks as BUY and
 * once per idempotency key.
 */
import { assertElectronicRecordsConsent } from '../consents/service';
import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error';
import { formatUsd } from '../../../shared/format/money-format';
import { rateToMillionths } from '../../../shared/ledger/interest';
import { centsToMoney, compareMoney } from '../../../shared/money/decimal-string';
import { purchaseReference } from '../../../shared/portal/transaction-display';
import { ratePercent } from '../../../shared/products/plans';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import { purchaseMessages } from '../../../shared/purchases/purchase-rules';
import {
  type ConversionRequest,
  type ConversionResponse,
  transferMessages,
} from '../../../shared/transfers/transfer-contracts';
import type { AppContext } from '../../context';
import { type IdempotentOutcome, runIdempotently } from '../../http/idempotency';
import { enforceRateLimit } from '../../security/rate-limiter';
import { backupWithholdingRuleOf, moneyEngineFromContext } from '../money/engine-context';
import { interestNoticesOf } from '../money/interest-notices';
import { maturityDateOf } from '../../../shared/products/maturity';
import { reinvestIntoHighYield } from '../money/reinvest-into-high-yield';
import { noticeSenderOf } from '../notifications/notice-sender';
import { enqueueNotices } from '../notifications/notice-queue-repository';
import { trimRate } from '../products/product-mapper';
import { assertNoWatchlistHold } from '../banking/identity-service';
import { findBuyableProduct, readPurchaseMaximum } from '../purchases/repository';
import { admitSale, keepingRefusals, recordSale } from '../offerings/sale-limits';
import { recordConversionAgreement } from './repository';
import { positiveCents } from './service';
import { conversionMessage } from './transfer-notices';

const conversionsPerInvestor = { name: 'conversion:investor', limit: 20, windowSeconds: 3600 };
const uuid = z.uuid();

export async function convertToHighYield(
  context: AppContext,
  input: {
    investorId: string;
    key: string;
    body: ConversionRequest;
    client: { ipAddress: string | null; userAgent: string | null };
  },
): Promise<IdempotentOutcome<ConversionResponse>> {
  const now = context.clock.now();
  const today = context.clock.today();
  const outcome = await keepingRefusals(
    context.db,
    now,
    runIdempotently<ConversionResponse>(
      context.db,
      {
        scope: `conversion:${input.investorId}`,
        key: input.key,
        fingerprint: input.body,
        now,
        messages: { inProgress: transferMessages.inProgress, keyReused: transferMessages.inProgress },
        // A retry of a completed key gets its stored answer, not 429 (decision 1323).
        admit: () =>
          enforceRateLimit(context.db, conversionsPerInvestor, input.investorId, now, 'Too many requests.'),
      },
      async (tx) => {
        await assertNoWatchlistHold(tx, input.investorId);
        const cents = positiveCents(input.body.amount);
        if (cents === null)
          throw new AppError('validation_failed', { message: transferMessages.validAmount });
        const amount = centsToMoney(cents);
        const product = uuid.safeParse(input.body.product_id).success
          ? await findBuyableProduct(tx, input.body.product_id, today)
          : null;
        if (product?.investment_type !== 'high_yield') {
          throw new AppError('conflict', { message: purchaseMessages.productUnavailable });
        }
        const sawRate = /^\d*\.?\d+$/.test(input.body.interest_rate_annual)
          ? rateToMillionths(input.body.interest_rate_annual)
          : -1n;
        if (sawRate !== rateToMillionths(product.interest_rate_annual)) {
          throw new AppError('conflict', { message: purchaseMessages.rateChanged });
        }
        if (compareMoney(amount, product.minimum_purchase_amount) < 0) {
          throw new AppError('validation_failed', {
            message: transferMessages.belowMinimum(formatUsd(product.minimum_purchase_amount)),
          });
        }
        const maximum = await readPurchaseMaximum(tx);
        if (compareMoney(amount, maximum) > 0) {
          throw new AppError('validation_failed', { message: purchaseMessages.maximum(maximum) });
        }
        // Converting is a purchase (PRODUCT.md 37): the same agreement, accepted the same way.
        if (!input.body.consent) {
          throw new AppError('validation_failed', { message: purchaseMessages.consentRequired });
        }
        if (input.body.agreement_version !== AGREEMENT_VERSION) {
          throw new AppError('conflict', { message: purchaseMessages.agreementOutdated });
        }
        // A new note's agreement is an electronic record: a current ESIGN consent first (decision 1920).
        await assertElectronicRecordsConsent(tx, input.investorId);
        const result = await reinvestIntoHighYield(tx, {
          investorId: input.investorId,
          amount,
          product: { id: product.id, rate: product.interest_rate_annual, termYears: product.term_years },
          executionDate: today,
          now,
          achEffectiveDate: context.providers.ach.expectedSettlementDate(today),
          backupWithholding: backupWithholdingRuleOf(context),
        });
        // A conversion is a new sale (PRODUCT.md 43): checked after the investor's and notes' locks
        // reinvestIntoHighYield took (lock order investor, notes, offering), and counted.
        const sale = await admitSale(tx, context.config.fieldEncryptionKey, {
          productId: product.id,
          investorId: input.investorId,
          amount,
          kind: 'conversion',
          today,
        });
        await recordSale(tx, {
          offeringId: sale.offeringId,
          investorId: input.investorId,
          investmentId: result.investmentId,
          kind: 'conversion',
          amount,
          soldOn: today,
          now,
        });
        await recordConversionAgreement(tx, {
          investmentId: result.investmentId,
          investorId: input.investorId,
          agreementVersion: AGREEMENT_VERSION,
          amount,
          acceptedAt: now,
          ...input.client,
        });
        // Interest posted with the move, and the move itself, are told in the same transaction
        // (decision 1311).
        await moneyEngineFromContext(context).notifier.interestPaid(
          tx,
          interestNoticesOf(result.interestPosted, today),
          now,
        );
        const investment = {
          id: result.investmentId,
          reference: purchaseReference(result.investmentId),
          principal_amount: amount,
          interest_rate_annual: trimRate(product.interest_rate_annual),
          term_years: product.term_years,
          start_date: today,
          maturity_date: maturityDateOf('high_yield', today, product.term_years),
        };
        await enqueueNotices(
          tx,
          [
            {
              investorId: input.investorId,
              ...conversionMessage(context.config.BRAND_NAME, {
                amount,
                ratePercent: ratePercent(investment.interest_rate_annual),
                maturityDate: investment.maturity_date,
                reference: investment.reference,
              }),
            },
          ],
          now,
        );
        return { status: 201, body: { investment } };
      },
    ),
  );
  if (!outcome.replayed) noticeSenderOf(context).kick();
  return outcome;
}
