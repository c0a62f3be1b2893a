/**
 * The ledger side of an early redemption (decision 1951): the only code that writes its
 * entries. A whole redemption pays the note's value (after its last interest to the
 * redemption date) and closes it; a partial one takes part of the earning principal, which
 * stops earning on the redemption date while the rest keeps earning.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { type Executor, rowsOf } from '../../db/client';
import { cumulativeInterestAt } from './money-sql';

export interface RedeemableNote {
  id: string;
  investorId: string;
  investmentType: 'standard' | 'high_yield';
  status: string;
  rate: string;
  startDate: IsoDate;
  maturityDate: IsoDate;
  accruedThrough: IsoDate;
  /** From the ledger: the sum of the note's entries. */
  value: string;
  /** Principal still earning: principal - withdrawn (+ reinvested interest, Standard). */
  earning: string;
  interestPosted: string;
  /** Origin other than a purchase, or its funding debit settled (PRODUCT.md 36). */
  isFunded: boolean;
}

const redeemableColumns = sql`
  i.id, i.investor_id, i.investment_type, i.status, i.interest_rate_annual::text as rate,
  to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.maturity_date, 'YYYY-MM-DD') as maturity_date,
  to_char(i.accrued_through, 'YYYY-MM-DD') as accrued_through,
  (select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value,
  (i.principal_amount - i.amount_withdrawn + i.interest_reinvested)::text as earning,
  i.interest_posted::text as interest_posted,
  (i.origin <> 'purchase' or exists (select 1 from ach_payments a where a.investment_id = i.id
     and a.payment_type = 'funding' and a.status = 'settled')) as is_funded`;

interface RedeemableRow {
  id: string;
  investor_id: string;
  investment_type: RedeemableNote['investmentType'];
  status: string;
  rate: string;
  start_date: IsoDate;
  maturity_date: IsoDate;
  accrued_through: IsoDate;
  value: string;
  earning: string;
  interest_posted: string;
  is_funded: boolean;
}

function toNote(row: RedeemableRow): RedeemableNote {
  return {
    id: row.id,
    investorId: row.investor_id,
    investmentType: row.investment_type,
    status: row.status,
    rate: row.rate,
    startDate: row.start_date,
    maturityDate: row.maturity_date,
    accruedThrough: row.accrued_through,
    value: row.value,
    earning: row.earning,
    interestPosted: row.interest_posted,
    isFunded: row.is_funded,
  };
}

/** The note with the figures a redemption needs; `lock` takes its row lock (the payment, a request). */
export async function readRedeemableNote(
  db: Executor,
  input: { investmentId: string; investorId?: string; lock?: boolean },
): Promise<RedeemableNote | null> {
  const owner = input.investorId ? sql`and i.investor_id = ${input.investorId}::uuid` : sql``;
  const result = await db.execute(sql`
    select ${redeemableColumns} from investments i
    where i.id = ${input.investmentId}::uuid ${owner} ${input.lock ? sql`for update of i` : sql``}`);
  const row = rowsOf<RedeemableRow>(result)[0];
  return row ? toNote(row) : null;
}

/**
 * Interest the note would have posted to `until` (exclusive) and not yet posted: the engine's
 * closed form (the property tests hold it to the shared schedule), rounded as a posting is.
 */
export async function unpostedInterestTo(
  db: Executor,
  investmentId: string,
  until: IsoDate,
): Promise<string> {
  const result = await db.execute(sql`
    select greatest(round(${cumulativeInterestAt(sql`${until}::date`)}, 2) - i.interest_posted, 0)::text as amount
    from investments i where i.id = ${investmentId}::uuid`);
  return rowsOf<{ amount: string }>(result)[0]?.amount ?? '0.00';
}

export async function insertRedemptionCredit(
  tx: Executor,
  input: {
    note: RedeemableNote;
    bankAccountId: string;
    amount: string;
    effectiveDate: IsoDate;
    now: Date;
  },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into ach_payments
      (investor_id, bank_account_id, investment_id, payment_type, direction, amount, status, effective_date,
       created_at, updated_at)
    values (${input.note.investorId}::uuid, ${input.bankAccountId}::uuid, ${input.note.id}::uuid, 'withdrawal', 'credit',
            ${input.amount}::numeric, 'pending', ${input.effectiveDate}::date, ${input.now}::timestamptz,
            ${input.now}::timestamptz)
    returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

/**
 * The two entries (the amount paid, and the penalty as its own entry) and the note's figures,
 * in one statement. `principalOut` stops earning from `redemptionDate`; `valueOut` (= paid +
 * penalty) leaves the note's value. A whole redemption closes the note.
 */
export async function postRedemptionEntries(
  tx: Executor,
  input: {
    note: RedeemableNote;
    redemptionId: string;
    achPaymentId: string;
    paid: string;
    penalty: string;
    valueOut: string;
    principalOut: string;
    isWhole: boolean;
    redemptionDate: IsoDate;
    now: Date;
  },
): Promise<void> {
  const reducedFrom = sql`greatest(${input.redemptionDate}::date, i.accrued_through)`;
  const note = input.note;
  await tx.execute(sql`
    with entries as (
      insert into investment_transactions
        (investment_id, investor_id, transaction_type, amount, value_effect, transaction_date, ach_payment_id,
         early_redemption_id, notes, created_at)
      values
        (${note.id}::uuid, ${note.investorId}::uuid, 'withdrawal', ${input.paid}::numeric, -${input.paid}::numeric,
         ${input.redemptionDate}::date, ${input.achPaymentId}::uuid, ${input.redemptionId}::uuid,
         ${input.isWhole ? 'Early redemption' : 'Early redemption (part)'}, ${input.now}::timestamptz),
        (${note.id}::uuid, ${note.investorId}::uuid, 'redemption_penalty', ${input.penalty}::numeric,
         -${input.penalty}::numeric, ${input.redemptionDate}::date, null, ${input.redemptionId}::uuid,
         'Early redemption penalty: 90 days’ interest', ${input.now}::timestamptz)
    )
    update investments i set
      amount_withdrawn = i.amount_withdrawn + ${input.valueOut}::numeric,
      withdrawn_principal_days = i.withdrawn_principal_days + ${input.principalOut}::numeric * (${reducedFrom} - i.start_date),
      accrued_through = ${reducedFrom},
      -- The accrual to the redemption date is the same before and after the principal leaves.
      interest_accrued = ${input.isWhole ? sql`0` : sql`${cumulativeInterestAt(reducedFrom)} - i.interest_posted`},
      status = ${input.isWhole ? 'withdrawn' : sql`i.status`},
      updated_at = ${input.now}::timestamptz
    where i.id = ${note.id}::uuid`);
}
