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
  | { id: string; status: 'settled'; providerReference: string }
  | { id: string; status: 'failed'; providerReference: string; failureReason: string }
  | { id: string; status: 'pending' };

/**
 * A rail that reports outcomes when asked (the sandbox): `settle-ach-payments` hands it the
 * due payments and records what it answers.
 */
export interface SettlingAchProvider {
  readonly name: 'sandbox';
  /** The business day a payment created on `createdOn` is expected to settle. */
  expectedSettlementDate(createdOn: IsoDate): IsoDate;
  /** What became of these payments as of a business date; one outcome per payment, in any order. */
  settle(payments: AchPaymentOrder[], asOf: IsoDate): Promise<AchOutcome[]>;
}

/** The investor's account as a transfer rail needs it. The access token stays in memory. */
export interface TransferAccount {
  accessToken: string;
  providerAccountId: string;
  legalName: string;
}

/** One debit or credit as the platform asks a transfer rail to move it. */
export interface TransferOrder {
  paymentId: string;
  direction: 'debit' | 'credit';
  /** Decimal dollars, two places. */
  amount: string;
  account: TransferAccount;
  /** At most 10 characters (ACH): why the money moves. */
  description: string;
  /** The investor is at the screen (a purchase), rather than a scheduled credit. */
  isUserPresent: boolean;
}

export type TransferAuthorizationResult =
  | { decision: 'approved'; authorizationId: string }
  | { decision: 'declined'; authorizationId: string | null; code: string; reason: string };

/** An event of the rail's stream, in the platform's terms; `eventType` is the provider's own. */
export interface TransferEventRecord {
  eventId: number;
  eventType: string;
  transferId: string;
  /** Decimal dollars of the transfer, when the event carries it. */
  amount: string | null;
  occurredAt: Date;
  failureReason: string | null;
  returnCode: string | null;
}

/** A public key that signs the rail's webhooks (a JWK), as the provider gives it. */
export interface WebhookVerificationKey {
  kid: string;
  alg: string;
  crv: string;
  kty: string;
  x: string;
  y: string;
  expiredAt: number | null;
}

/** A failure of the rail itself (unreachable, refused request), not a decision about a payment. */
export class AchRailError extends Error {
  override name = 'AchRailError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * A rail that authorises and creates transfers and reports what became of them as an event
 * stream (Plaid Transfer; decision 1500).
 */
export interface TransferAchProvider {
  readonly name: 'plaid';
  expectedSettlementDate(createdOn: IsoDate): IsoDate;
  /** Asks whether the transfer may go (balance and risk checks); the payment id is the idempotency key. */
  authorize(order: TransferOrder): Promise<TransferAuthorizationResult>;
  /** Creates the authorised transfer, idempotent by the payment id; answers the provider's transfer id. */
  createTransfer(
    order: TransferOrder,
    authorizationId: string,
  ): Promise<{ transferId: string; status: string }>;
  /** The events after `afterId`, oldest first. */
  syncEvents(
    afterId: number,
    count: number,
  ): Promise<{ events: TransferEventRecord[]; lastEventId: number | null; hasMore: boolean }>;
  /** The key a webhook names in its JWT header. */
  webhookVerificationKey(kid: string): Promise<WebhookVerificationKey>;
}

export type AchProvider = SettlingAchProvider | TransferAchProvider;

export interface SandboxAchProvider extends SettlingAchProvider {
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
        return { id: payment.id, status: 'settled', providerReference };
      });
    },
    failPayment(paymentId, failureReason) {
      failures.set(paymentId, failureReason);
    },
  };
}
