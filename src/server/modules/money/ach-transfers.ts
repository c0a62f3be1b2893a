/**
 * The money engine on a transfer rail (Plaid Transfer; decision 1500). A payment is
 * authorised, then created at the rail with its own id as the idempotency key (`posted`); what
 * becomes of it afterwards arrives as the rail's events (sync-ach-events.ts). A payment that
 * does not go through (declined, failed, returned) has the same consequences whatever the
 * rail: see payment-setbacks.ts.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { AchPaymentType } from '../../../shared/ledger/ledger-model';
import { type Executor, rowsOf } from '../../db/client';
import type { JobFunctionResult } from '../../functions/job-functions';
import { AchRailError, type TransferAccount, type TransferOrder } from '../../providers/ach';
import { decryptField } from '../../security/field-encryption';
import type { TransferEngine } from './engine-context';
import { inBatchTransaction } from './money-sql';
import { applyPaymentSetbacks, type PaymentSetback, setbackColumns } from './payment-setbacks';
import { passFilter } from './settlement-pass';
import { applyEarlierEventsOf } from './sync-ach-events';

/** What the rail's 10-character ACH description says the money is for. */
const transferDescriptions: Record<AchPaymentType, string> = {
  funding: 'Note buy',
  interest: 'Interest',
  withdrawal: 'Transfer',
};

export const noRailAccountReason =
  'The bank account was not linked through Plaid; link it again to receive payments.';

/** The investor's bank account as the rail needs it, or null when it cannot carry a transfer. */
export async function loadTransferAccount(
  db: Executor,
  key: Buffer | undefined,
  bankAccountId: string | null,
): Promise<TransferAccount | null> {
  if (!bankAccountId || !key) return null;
  const result = await db.execute(sql`
    select b.provider_account_id, b.access_token_encrypted,
           coalesce(t.legal_first_name || ' ' || t.legal_last_name,
                    nullif(trim(coalesce(i.first_name, '') || ' ' || coalesce(i.last_name, '')), '')) as legal_name
    from bank_accounts b
    join investors i on i.id = b.investor_id
    left join tax_records t on t.investor_id = b.investor_id
    where b.id = ${bankAccountId}::uuid and b.provider = 'plaid'`);
  const row = rowsOf<{
    provider_account_id: string | null;
    access_token_encrypted: string | null;
    legal_name: string | null;
  }>(result)[0];
  if (!row?.provider_account_id || !row.access_token_encrypted || !row.legal_name) return null;
  return {
    accessToken: decryptField(key, row.access_token_encrypted),
    providerAccountId: row.provider_account_id,
    legalName: row.legal_name,
  };
}

export function transferOrderOf(
  payment: { id: string; payment_type: AchPaymentType; direction: 'debit' | 'credit'; amount: string },
  account: TransferAccount,
  isUserPresent: boolean,
): TransferOrder {
  return {
    paymentId: payment.id,
    direction: payment.direction,
    amount: payment.amount,
    account,
    description: transferDescriptions[payment.payment_type],
    isUserPresent,
  };
}

/** Marks a payment the rail refused before it moved; answers it when it was still pending. */
async function markRefused(
  tx: Executor,
  input: {
    paymentId: string;
    reason: string;
    authorizationId: string | null;
    providerStatus: string;
    now: Date;
  },
): Promise<PaymentSetback | null> {
  const result = await tx.execute(sql`
    update ach_payments a set status = 'failed', failure_reason = ${input.reason}, provider = 'plaid',
      provider_status = ${input.providerStatus}, authorization_id = coalesce(${input.authorizationId}, a.authorization_id),
      updated_at = ${input.now}::timestamptz
    where a.id = ${input.paymentId}::uuid and a.status = 'pending'
    returning ${setbackColumns}`);
  const row = rowsOf<Omit<PaymentSetback, 'outcome'>>(result)[0];
  return row ? { ...row, outcome: 'failed' } : null;
}

interface DuePayment {
  id: string;
  investor_id: string;
  payment_type: AchPaymentType;
  direction: 'debit' | 'credit';
  amount: string;
  bank_account_id: string | null;
  authorization_id: string | null;
}

async function listUnsentPayments(
  db: Executor,
  pass: 'debits-and-withdrawals' | 'funded-interest-credits',
  afterId: string | null,
  limit: number,
): Promise<DuePayment[]> {
  const result = await db.execute(sql`
    select a.id, a.investor_id, a.payment_type, a.direction, a.amount::text as amount, a.bank_account_id, a.authorization_id
    from ach_payments a
    where a.status = 'pending' and a.provider_reference is null and ${passFilter(pass)}
      ${afterId === null ? sql`` : sql`and a.id > ${afterId}::uuid`}
    order by a.id limit ${limit}`);
  return rowsOf<DuePayment>(result);
}

export type SendOutcome =
  | { status: 'posted'; transferId: string }
  | { status: 'refused'; reason: string }
  /** The rail could not be reached or refused the request itself: the payment stays pending, unsent. */
  | { status: 'unsent'; code: string };

/**
 * Authorises (unless the payment already carries an authorisation) and creates one payment's
 * transfer. A declined authorisation or an account the rail cannot use fails the payment with
 * its consequences; a rail error leaves it pending for the next run, which asks again with
 * the same idempotency key (so the transfer is never made twice).
 */
export async function sendPaymentToRail(
  engine: TransferEngine,
  payment: DuePayment,
  input: { executionDate: IsoDate; isUserPresent: boolean },
): Promise<SendOutcome> {
  const now = () => engine.clock.now();
  const refuse = async (reason: string, authorizationId: string | null, providerStatus: string) => {
    await inBatchTransaction(engine.db, async (tx) => {
      const refused = await markRefused(tx, {
        paymentId: payment.id,
        reason,
        authorizationId,
        providerStatus,
        now: now(),
      });
      if (refused)
        await applyPaymentSetbacks(engine, tx, [refused], { executionDate: input.executionDate, now: now() });
    });
    return { status: 'refused', reason } as const;
  };
  const account = await loadTransferAccount(engine.db, engine.fieldEncryptionKey, payment.bank_account_id);
  if (!account) return refuse(noRailAccountReason, null, 'no_account');
  const order = transferOrderOf(payment, account, input.isUserPresent);
  try {
    let authorizationId = payment.authorization_id;
    if (!authorizationId) {
      const authorization = await engine.ach.authorize(order);
      if (authorization.decision === 'declined') {
        return refuse(`Declined: ${authorization.reason}`, authorization.authorizationId, 'declined');
      }
      authorizationId = authorization.authorizationId;
      await engine.db.execute(sql`
        update ach_payments set authorization_id = ${authorizationId}, provider = 'plaid', updated_at = ${now()}::timestamptz
        where id = ${payment.id}::uuid and status = 'pending'`);
    }
    const transfer = await engine.ach.createTransfer(order, authorizationId);
    await engine.db.execute(sql`
      update ach_payments set status = 'posted', provider = 'plaid', provider_reference = ${transfer.transferId},
        provider_status = ${transfer.status}, posted_at = ${now()}::timestamptz, updated_at = ${now()}::timestamptz
      where id = ${payment.id}::uuid and status = 'pending'`);
    await applyEarlierEventsOf(engine, transfer.transferId, input.executionDate);
    return { status: 'posted', transferId: transfer.transferId };
  } catch (error) {
    if (error instanceof AchRailError) return { status: 'unsent', code: error.code };
    throw error;
  }
}

const PAYMENTS_PER_PAGE = 200;

/**
 * `settle-ach-payments` on a transfer rail: sends every payment not yet sent (funding debits
 * and withdrawal credits first, then interest credits of notes whose funding has settled:
 * PRODUCT.md 36). Outcomes arrive later as events.
 */
export async function submitAchTransfers(
  engine: TransferEngine,
  executionDate: IsoDate,
): Promise<JobFunctionResult> {
  const totals = { posted: 0, refused: 0, unsent: 0 };
  for (const pass of ['debits-and-withdrawals', 'funded-interest-credits'] as const) {
    let afterId: string | null = null;
    while (true) {
      const due = await listUnsentPayments(engine.db, pass, afterId, PAYMENTS_PER_PAGE);
      if (due.length === 0) break;
      afterId = due[due.length - 1]!.id;
      for (const payment of due) {
        const outcome = await sendPaymentToRail(engine, payment, { executionDate, isUserPresent: false });
        totals[outcome.status] += 1;
      }
      if (due.length < PAYMENTS_PER_PAGE) break;
    }
  }
  return { recordsProcessed: totals.posted + totals.refused, metadata: totals };
}

export async function findPaymentForRail(db: Executor, paymentId: string): Promise<DuePayment | null> {
  const result = await db.execute(sql`
    select id, investor_id, payment_type, direction, amount::text as amount, bank_account_id, authorization_id
    from ach_payments where id = ${paymentId}::uuid and status = 'pending' and provider_reference is null`);
  return rowsOf<DuePayment>(result)[0] ?? null;
}
