/**
 * Backup withholding on interest paid out by a payout (decision 1911): the one function payout
 * code calls (High-Yield interest paid at maturity here; early redemptions when they come) to split
 * an interest payment into what is paid and what is withheld, and the one that books the withheld
 * part in the liability account against the ledger entry that paid it. Monthly Standard interest
 * is split by the same rule inside the posting statement (interest-repository.ts).
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import {
  type BackupWithholdingReason,
  type InterestPaymentSplit,
  splitInterestPayment,
} from '../../../shared/tax/backup-withholding';
import { type Executor, rowsOf } from '../../db/client';
import { type BackupWithholdingRule, backupWithholdingReasonSql } from './withholding-rule';

export interface InterestPayoutSplit extends InterestPaymentSplit {
  /** Why it is withheld from; null when nothing is. */
  reason: BackupWithholdingReason | null;
  /** The rate applied; null when nothing is withheld. */
  rate: string | null;
}

/**
 * Splits `gross` interest paid to the investor on `paymentDate` into paid and withheld, by whether
 * the investor is subject to backup withholding that day (no certified TIN past the grace,
 * item 2 crossed out, or an open B notice) at the rule's rate, half up to the cent.
 */
export async function splitInterestPayout(
  tx: Executor,
  input: { investorId: string; gross: string; paymentDate: IsoDate; rule: BackupWithholdingRule },
): Promise<InterestPayoutSplit> {
  const [row] = rowsOf<{ reason: BackupWithholdingReason | null }>(
    await tx.execute(
      sql`select ${backupWithholdingReasonSql(sql`${input.investorId}::uuid`, sql`${input.paymentDate}::date`, input.rule)} as reason`,
    ),
  );
  const reason = row?.reason ?? null;
  const rate = reason ? input.rule.rate : null;
  return { ...splitInterestPayment(input.gross, rate), reason, rate };
}

/**
 * Books a split's withheld part: on the ledger entry that paid it (`backup_withheld`) and in the
 * liability account. Nothing to do when nothing was withheld. In the payout's transaction.
 */
export async function recordBackupWithholding(
  tx: Executor,
  input: {
    transactionId: string;
    interestAmount: string;
    split: InterestPayoutSplit;
    entryDate: IsoDate;
    now: Date;
  },
): Promise<void> {
  if (input.split.reason === null || input.split.withheld === '0.00') return;
  await tx.execute(sql`
    with entry as (
      update investment_transactions set backup_withheld = ${input.split.withheld}::numeric
      where id = ${input.transactionId}::uuid
      returning id, investor_id, investment_id
    )
    insert into backup_withholding_entries
      (investor_id, investment_id, transaction_id, entry_date, interest_amount, amount, rate, reason, created_at)
    select e.investor_id, e.investment_id, e.id, ${input.entryDate}::date, ${input.interestAmount}::numeric,
           ${input.split.withheld}::numeric, ${input.split.rate}::numeric, ${input.split.reason}, ${input.now}::timestamptz
    from entry e`);
}
