/**
 * Paying again what is owed to an investor (PRODUCT.md 36; decision 1500): an interest or
 * withdrawal credit that failed or came back stays in `amounts_owed` as `owed_to_investor`
 * until a new credit for it settles. A new credit is made only by a decision: staff press
 * Resend (resendOwedCredit), or the investor verifies a new bank account. Never by a timer.
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { type Executor, rowsOf } from '../../db/client';
import { findPaymentForRail, sendPaymentToRail } from '../money/ach-transfers';
import { moneyEngineFromContext } from '../money/engine-context';

/** Return codes that say the account itself is unusable: paying it again needs another account. */
export const accountProblemReturnCodes = new Set(['R02', 'R03', 'R04', 'R16', 'R20']);

export const owedCreditMessages = {
  notFound: 'This amount is not owed to the investor.',
  alreadyPaid: 'This amount has already been paid.',
  inFlight: 'A payment of this amount is already on its way.',
  noAccount: 'The investor has no verified bank account to pay into. Ask them to link one in Settings.',
  sameAccount:
    'This payment came back from the same bank account ({code}). Ask the investor to link a working account first.',
} as const;

export interface ResentCredit {
  amountOwedId: string;
  achPaymentId: string;
  status: 'pending' | 'posted' | 'failed';
  amount: string;
}

interface OwedRow {
  id: string;
  investor_id: string;
  status: string;
  amount: string;
  payment_id: string | null;
  payment_type: 'interest' | 'withdrawal' | 'funding' | null;
  investment_id: string | null;
  withdrawal_id: string | null;
  posting_period: string | null;
  returned_from_account: string | null;
  return_code: string | null;
  in_flight: boolean;
}

async function lockOwedToInvestor(tx: Executor, amountOwedId: string): Promise<OwedRow | null> {
  const result = await tx.execute(sql`
    select o.id, o.investor_id, o.status, o.amount::text as amount, a.id as payment_id, a.payment_type,
           coalesce(o.investment_id, a.investment_id) as investment_id, a.withdrawal_id,
           to_char(a.posting_period, 'YYYY-MM-DD') as posting_period,
           coalesce(last.bank_account_id, a.bank_account_id) as returned_from_account,
           coalesce(last.return_code, a.return_code) as return_code,
           exists (select 1 from ach_payments r where r.repays_amount_owed_id = o.id and r.status in ('pending', 'posted'))
             as in_flight
    from amounts_owed o
    left join ach_payments a on a.id = o.ach_payment_id
    left join lateral (
      select r.bank_account_id, r.return_code from ach_payments r
      where r.repays_amount_owed_id = o.id order by r.created_at desc limit 1
    ) last on true
    where o.id = ${amountOwedId}::uuid and o.direction = 'owed_to_investor'
    for update of o`);
  return rowsOf<OwedRow>(result)[0] ?? null;
}

async function primaryVerifiedAccount(tx: Executor, investorId: string): Promise<string | null> {
  const result = await tx.execute(sql`
    select id from bank_accounts
    where investor_id = ${investorId}::uuid and is_primary and deleted_at is null and verification_status = 'verified'`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/**
 * Creates a new credit for an amount owed to an investor, into their current verified bank
 * account, and on a transfer rail sends it at once (authorisation, then transfer). Refused
 * when the amount is not owed, already on its way, or would go back to the account it came
 * back from for an account problem (R02, R03, R04, R16, R20).
 */
export async function resendOwedCredit(
  context: AppContext,
  input: { amountOwedId: string },
): Promise<ResentCredit> {
  const now = context.clock.now();
  const today = context.clock.today();
  const ach = context.providers.ach;
  const created = await context.db.transaction(async (tx) => {
    const owed = await lockOwedToInvestor(tx, input.amountOwedId);
    if (!owed || owed.payment_type === 'funding' || owed.payment_id === null) {
      throw new AppError('not_found', { message: owedCreditMessages.notFound });
    }
    if (owed.status !== 'open') throw new AppError('conflict', { message: owedCreditMessages.alreadyPaid });
    if (owed.in_flight) throw new AppError('conflict', { message: owedCreditMessages.inFlight });
    const accountId = await primaryVerifiedAccount(tx, owed.investor_id);
    if (!accountId) throw new AppError('conflict', { message: owedCreditMessages.noAccount });
    if (
      accountId === owed.returned_from_account &&
      owed.return_code !== null &&
      accountProblemReturnCodes.has(owed.return_code)
    ) {
      throw new AppError('conflict', {
        message: owedCreditMessages.sameAccount.replace('{code}', owed.return_code),
      });
    }
    const result = await tx.execute(sql`
      insert into ach_payments
        (investor_id, bank_account_id, investment_id, withdrawal_id, payment_type, direction, amount, status,
         effective_date, posting_period, provider, repays_amount_owed_id, created_at, updated_at)
      values (${owed.investor_id}::uuid, ${accountId}::uuid, ${owed.investment_id}::uuid, ${owed.withdrawal_id}::uuid,
              ${owed.payment_type}, 'credit', ${owed.amount}::numeric, 'pending', ${ach.expectedSettlementDate(today)}::date,
              ${owed.posting_period}::date, ${ach.name}, ${owed.id}::uuid, ${now}::timestamptz, ${now}::timestamptz)
      returning id`);
    return { achPaymentId: rowsOf<{ id: string }>(result)[0]!.id, amount: owed.amount };
  });
  let status: ResentCredit['status'] = 'pending';
  if (ach.name === 'plaid') {
    const payment = await findPaymentForRail(context.db, created.achPaymentId);
    if (payment) {
      const sent = await sendPaymentToRail({ ...moneyEngineFromContext(context), ach }, payment, {
        executionDate: today,
        isUserPresent: false,
      });
      status = sent.status === 'posted' ? 'posted' : sent.status === 'refused' ? 'failed' : 'pending';
    }
  }
  return {
    amountOwedId: input.amountOwedId,
    achPaymentId: created.achPaymentId,
    status,
    amount: created.amount,
  };
}

/**
 * After an investor verifies a new bank account: every amount still owed to them, not already
 * on its way, is paid again into it. A refusal (for example the same account for an account
 * problem) leaves the amount owed and visible; it is logged, never thrown at the investor.
 */
export async function repayOwedCreditsAfterNewAccount(
  context: AppContext,
  investorId: string,
): Promise<number> {
  const result = await context.db.execute(sql`
    select o.id from amounts_owed o
    where o.investor_id = ${investorId}::uuid and o.direction = 'owed_to_investor' and o.status = 'open'
      and o.ach_payment_id is not null
      and not exists (select 1 from ach_payments r where r.repays_amount_owed_id = o.id and r.status in ('pending', 'posted'))
    order by o.created_at`);
  let resent = 0;
  for (const { id } of rowsOf<{ id: string }>(result)) {
    try {
      await resendOwedCredit(context, { amountOwedId: id });
      resent += 1;
    } catch (error) {
      context.log.warn(
        { err: error, amountOwedId: id },
        'owed credit not paid again after a new bank account',
      );
    }
  }
  return resent;
}
