/**
 * The durable record of money owed between the platform and an investor (PRODUCT.md 36;
 * src/shared/ledger/amounts-owed.ts). One row per payment and direction, so recording is
 * safe to repeat.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { amountsOwed } from '../../db/schema';

/**
 * Interest credits that left for a note that was then cancelled (its funding debit failed
 * or came back) are owed back by the investor. Credits now wait for their note's funding
 * (settle-ach-payments), so this finds credits settled before that rule, and any that the
 * provider settled while the funding was failing. Answers how many it recorded.
 */
export async function recordCreditsOwedBack(tx: Executor, now: Date): Promise<number> {
  const result = await tx.execute(sql`
    insert into amounts_owed (investor_id, investment_id, ach_payment_id, direction, amount, reason, status, created_at)
    select a.investor_id, a.investment_id, a.id, 'owed_by_investor', a.amount,
           'Interest credit sent for a note later cancelled (' || coalesce(i.cancellation_reason, 'no reason recorded') || ')',
           'open', ${now}::timestamptz
    from investments i
    join ach_payments a on a.investment_id = i.id and a.payment_type = 'interest' and a.status = 'settled'
    where i.status = 'cancelled'
    on conflict (ach_payment_id, direction) where ach_payment_id is not null do nothing
    returning id`);
  return rowsOf(result).length;
}

/** Most amounts an admin page lists for one investor. */
export const AMOUNTS_OWED_SHOWN = 100;

/** An investor's amounts owed, open ones first, newest first. */
export async function selectAmountsOwed(db: Executor, investorId: string) {
  return db
    .select({
      id: amountsOwed.id,
      investmentId: amountsOwed.investmentId,
      achPaymentId: amountsOwed.achPaymentId,
      direction: amountsOwed.direction,
      amount: amountsOwed.amount,
      reason: amountsOwed.reason,
      status: amountsOwed.status,
      createdAt: amountsOwed.createdAt,
      resolvedAt: amountsOwed.resolvedAt,
    })
    .from(amountsOwed)
    .where(eq(amountsOwed.investorId, investorId))
    .orderBy(sql`${amountsOwed.status} = 'open' desc`, desc(amountsOwed.createdAt), desc(amountsOwed.id))
    .limit(AMOUNTS_OWED_SHOWN);
}
