/**
 * Per-investor ACH limits (decision 1500): the dollars an investor's purchases may debit per
 * business day and per calendar month (BUSINESS_TZ), from ACH_INVESTOR_DAILY_LIMIT and
 * ACH_INVESTOR_MONTHLY_LIMIT. Debits that failed or were cancelled do not count; returned
 * ones do (the bank took them, then took them back: the risk was real).
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { AppError } from '../../../shared/errors/app-error';
import { formatUsd } from '../../../shared/format/money-format';
import {
  addMoney,
  centsToMoney,
  compareMoney,
  parseMoneyToCents,
} from '../../../shared/money/decimal-string';
import { type Executor, rowsOf } from '../../db/client';

export interface AchLimits {
  daily: string;
  monthly: string;
}

function remaining(limit: string, used: string): string {
  const left = (parseMoneyToCents(limit) ?? 0n) - (parseMoneyToCents(used) ?? 0n);
  return centsToMoney(left > 0n ? left : 0n);
}

export function achLimitMessage(period: 'day' | 'month', limit: string, used: string): string {
  const left = remaining(limit, used);
  const when = period === 'day' ? 'today' : 'this month';
  return compareMoney(left, '0.00') > 0
    ? `This purchase is over your bank transfer limit of ${formatUsd(limit)} per ${period}. You can buy up to ${formatUsd(left)} more ${when}.`
    : `You have reached your bank transfer limit of ${formatUsd(limit)} per ${period}. You can buy again ${period === 'day' ? 'on the next business day' : 'next month'}.`;
}

/**
 * Refuses a debit that would take the investor's ACH debits of the day or the month over the
 * limit. Call it in the purchase's transaction, after locking the investor's row.
 */
export async function enforceAchDebitLimits(
  tx: Executor,
  input: { investorId: string; amount: string; today: IsoDate; timeZone: string; limits: AchLimits },
): Promise<void> {
  const monthStart = `${input.today.slice(0, 7)}-01`;
  const result = await tx.execute(sql`
    select coalesce(sum(amount) filter (where (created_at at time zone ${input.timeZone})::date = ${input.today}::date), 0)::text as day,
           coalesce(sum(amount), 0)::text as month
    from ach_payments
    where investor_id = ${input.investorId}::uuid and direction = 'debit' and status not in ('failed', 'cancelled')
      and created_at >= (${monthStart}::date - 1)::timestamp at time zone ${input.timeZone}
      and (created_at at time zone ${input.timeZone})::date >= ${monthStart}::date`);
  const used = rowsOf<{ day: string; month: string }>(result)[0] ?? { day: '0', month: '0' };
  if (compareMoney(addMoney(used.day, input.amount), input.limits.daily) > 0) {
    throw new AppError('validation_failed', {
      message: achLimitMessage('day', input.limits.daily, used.day),
    });
  }
  if (compareMoney(addMoney(used.month, input.amount), input.limits.monthly) > 0) {
    throw new AppError('validation_failed', {
      message: achLimitMessage('month', input.limits.monthly, used.month),
    });
  }
}
