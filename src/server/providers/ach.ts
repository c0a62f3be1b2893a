import { addBusinessDays } from '../../shared/dates/business-days';
import type { IsoDate } from '../../shared/dates/calendar-date';
import type { AchPaymentType } from '../../shared/ledger/ledger-model';

/** A payment as the platform hands it to the ACH provider. */
export interface AchPaymentOrder {
  id: string;
  paymentType: AchPaymentType;
  direction: 'debit' | 'credit';
  /** Decimal dollars, two places. */
  amount: string;
  bankAccountId: string | null;
  /** The business day the payment was expected to settle when it was created. */
  effectiveDate: IsoDate;
}

export type AchOutcome =
  | { id: string; status: 'completed'; providerReference: string }
  | { id: string; status: 'failed'; providerReference: string; failureReason: string }
  | { id: string; status: 'pending' };

export interface AchProvider {
  readonly name: 'sandbox';
  /** The business day a payment created on `createdOn` is expected to settle. */
  expectedSettlementDate(createdOn: IsoDate): IsoDate;
  /** What became of these payments as of a business date; one outcome per payment, in any order. */
  settle(payments: AchPaymentOrder[], asOf: IsoDate): Promise<AchOutcome[]>;
}

export interface SandboxAchProvider extends AchProvider {
  /** Makes the next settlement of this payment fail with the given reason (a bank's return). */
  failPayment(paymentId: string, failureReason: string): void;
}

/**
 * The local stand-in for an ACH processor: a payment settles once its effective date (a
 * configurable number of business days after creation) has come, unless a test or an
 * operator told it to fail.
 */
export function sandboxAchProvider(options: { settlementBusinessDays: number }): SandboxAchProvider {
  const failures = new Map<string, string>();
  return {
    name: 'sandbox',
    expectedSettlementDate(createdOn) {
      return addBusinessDays(createdOn, options.settlementBusinessDays);
    },
    async settle(payments, asOf) {
      return payments.map((payment): AchOutcome => {
        if (payment.effectiveDate > asOf) return { id: payment.id, status: 'pending' };
        const providerReference = `sandbox_${payment.id.slice(0, 8)}`;
        const failureReason = failures.get(payment.id);
        if (failureReason !== undefined) {
          failures.delete(payment.id);
          return { id: payment.id, status: 'failed', providerReference, failureReason };
        }
        return { id: payment.id, status: 'completed', providerReference };
      });
    },
    failPayment(paymentId, failureReason) {
      failures.set(paymentId, failureReason);
    },
  };
}
