/**
 * CONVERT TO HIGH-YIELD (PRODUCT.md 19): moves available funds into a new High-Yield note
 * at once, with `reinvestment` entries out of the oldest available notes and into the new
 * one. The portal's /transfer calls this inside its own transaction (after its session,
 * step-up and idempotency checks); no money leaves the platform, so no ACH is involved.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { AppError } from '../../../shared/errors/app-error';
import { centsToMoney, parseMoneyToCents } from '../../../shared/money/decimal-string';
import type { Executor } from '../../db/client';
import { investments } from '../../db/schema';
import type { BackupWithholdingRule } from '../backup-withholding/withholding-rule';
import { type PostedInterest, postClosingInterest, postEndedMonthsOfInvestor } from './interest-repository';
import { maturityDateOf } from '../../../shared/products/maturity';
import type { MaturityInstruction } from '../../../shared/investments/maturity-instruction';
import { instructionColumns } from './note-repository';
import {
  closeWithdrawnNote,
  drawFromNote,
  lockAvailableNotes,
  sumPendingWithdrawals,
} from './withdrawal-repository';

export const reinvestmentMessages = {
  validAmount: 'Enter an amount greater than $0.00.',
  aboveAvailable: 'The amount is more than your available funds.',
} as const;

export interface ReinvestInput {
  investorId: string;
  /** Decimal dollars, two places. */
  amount: string;
  /** The High-Yield product bought: its id, rate fraction and term. */
  product: { id: string | null; rate: string; termYears: number };
  executionDate: IsoDate;
  now: Date;
  /** Settlement date of the ACH credit if an emptied Standard note's last interest is paid. */
  achEffectiveDate: IsoDate;
  /** Backup withholding on an emptied Standard note's last interest (decision 1911). */
  backupWithholding: BackupWithholdingRule;
  /** What happens at the new note's maturity (default: paid out). */
  maturityInstruction?: MaturityInstruction;
}

export interface ReinvestResult {
  investmentId: string;
  /**
   * Interest posted with the move (for the interest notice): months that had ended, and the
   * last interest of Standard notes emptied by it.
   */
  interestPosted: PostedInterest[];
}

function cents(amount: string): bigint {
  return parseMoneyToCents(amount) ?? 0n;
}

/**
 * The money moved stops earning on its old note the day it moves and earns on the new note
 * from that day (the new note's start date), so no day is paid twice. Pending transfers keep
 * their share: only available funds beyond them can be converted.
 */
export async function reinvestIntoHighYield(tx: Executor, input: ReinvestInput): Promise<ReinvestResult> {
  const amount = parseMoneyToCents(input.amount);
  if (amount === null || amount <= 0n)
    throw new AppError('validation_failed', { message: reinvestmentMessages.validAmount });
  await tx.execute(sql`select id from investors where id = ${input.investorId}::uuid for update`);
  // Months that ended are posted on the principal they earned on before any of it moves,
  // whether or not the month-end run came first (decision 1310).
  const interestPosted = await postEndedMonthsOfInvestor(tx, {
    investorId: input.investorId,
    executionDate: input.executionDate,
    now: input.now,
    achEffectiveDate: input.achEffectiveDate,
    backupWithholding: input.backupWithholding,
  });
  const notes = await lockAvailableNotes(tx, {
    investorId: input.investorId,
    executionDate: input.executionDate,
    reducedFrom: input.executionDate,
  });
  const gross = notes.reduce((sum, note) => sum + cents(note.value), 0n);
  if (amount > gross - cents(await sumPendingWithdrawals(tx, input.investorId))) {
    throw new AppError('validation_failed', { message: reinvestmentMessages.aboveAvailable });
  }
  const draws: { note: (typeof notes)[number]; amount: bigint; emptied: boolean }[] = [];
  let owed = amount;
  for (const note of notes) {
    if (owed === 0n) break;
    const value = cents(note.value);
    if (value <= 0n) continue;
    // biome-ignore lint/complexity/useMathMinMax: bigint cents; Math.min takes numbers only
    const drawn = value < owed ? value : owed;
    draws.push({ note, amount: drawn, emptied: drawn === value });
    owed -= drawn;
  }
  const principal = centsToMoney(amount);
  const [created] = await tx
    .insert(investments)
    .values({
      investorId: input.investorId,
      productId: input.product.id,
      investmentType: 'high_yield',
      principalAmount: principal,
      interestRateAnnual: input.product.rate,
      termYears: input.product.termYears,
      startDate: input.executionDate,
      maturityDate: maturityDateOf('high_yield', input.executionDate, input.product.termYears),
      status: 'active',
      accruedThrough: input.executionDate,
      sourceInvestmentId: draws[0]!.note.id,
      origin: 'conversion',
      ...instructionColumns('high_yield', input.maturityInstruction),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: investments.id });
  const investmentId = created!.id;
  for (const draw of draws) {
    await drawFromNote(tx, {
      investorId: input.investorId,
      note: draw.note,
      amount: centsToMoney(draw.amount),
      draw: { kind: 'reinvestment', intoInvestmentId: investmentId },
      executionDate: input.executionDate,
      now: input.now,
    });
    if (!draw.emptied) continue;
    if (draw.note.investmentType === 'standard') {
      interestPosted.push(
        ...(await postClosingInterest(tx, {
          investmentId: draw.note.id,
          until: draw.note.reducedFrom,
          executionDate: input.executionDate,
          now: input.now,
          achEffectiveDate: input.achEffectiveDate,
          backupWithholding: input.backupWithholding,
        })),
      );
    }
    await closeWithdrawnNote(tx, { investmentId: draw.note.id, now: input.now });
  }
  await tx.execute(sql`
    insert into investment_transactions
      (investment_id, investor_id, transaction_type, amount, value_effect, transaction_date, notes, created_at)
    values (${investmentId}::uuid, ${input.investorId}::uuid, 'reinvestment', ${principal}::numeric, ${principal}::numeric,
            ${input.executionDate}::date, 'Converted from available funds', ${input.now}::timestamptz)`);
  return { investmentId, interestPosted };
}
