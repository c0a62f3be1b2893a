/**
 * The ledger side of a four-eyes adjustment (decision 1621): one `adjustment` entry moving the
 * note's value by +amount (credit) or -amount (debit), and the note's running `amount_adjusted`,
 * written together so the ledger check's kept figures always match the entries. The interest
 * base (principal) is not changed: an adjustment corrects a value, it is not a purchase.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { type Executor, rowsOf } from '../../db/client';

export interface AdjustableNote {
  id: string;
  investorId: string;
  status: string;
  investmentType: string;
  /** From the ledger: the sum of the note's entries. */
  value: string;
}

/** The note, locked against the money jobs while it is adjusted. */
export async function lockAdjustableNote(tx: Executor, investmentId: string): Promise<AdjustableNote | null> {
  const result = await tx.execute(sql`
    select i.id, i.investor_id, i.status, i.investment_type,
           (select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value
    from investments i where i.id = ${investmentId}::uuid for update of i`);
  const row = rowsOf<{
    id: string;
    investor_id: string;
    status: string;
    investment_type: string;
    value: string;
  }>(result)[0];
  return row
    ? {
        id: row.id,
        investorId: row.investor_id,
        status: row.status,
        investmentType: row.investment_type,
        value: row.value,
      }
    : null;
}

/** Writes the entry and the note's figure; answers the entry's id. */
export async function postAdjustmentEntry(
  tx: Executor,
  input: {
    adjustmentId: string;
    note: AdjustableNote;
    direction: 'credit' | 'debit';
    amount: string;
    reason: string;
    entryDate: IsoDate;
    now: Date;
  },
): Promise<string> {
  const effect =
    input.direction === 'credit' ? sql`${input.amount}::numeric` : sql`-${input.amount}::numeric`;
  const result = await tx.execute(sql`
    with entry as (
      insert into investment_transactions
        (investment_id, investor_id, transaction_type, amount, value_effect, transaction_date, adjustment_id, notes, created_at)
      values (${input.note.id}::uuid, ${input.note.investorId}::uuid, 'adjustment', ${input.amount}::numeric, ${effect},
              ${input.entryDate}::date, ${input.adjustmentId}::uuid, ${`Adjustment: ${input.reason}`.slice(0, 500)},
              ${input.now}::timestamptz)
      returning id
    ), note as (
      update investments set amount_adjusted = amount_adjusted + ${effect}, updated_at = ${input.now}::timestamptz
      where id = ${input.note.id}::uuid
    )
    select id from entry`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}
