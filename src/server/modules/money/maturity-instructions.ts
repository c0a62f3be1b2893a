/**
 * Carrying out maturity instructions (issue 17 item 1, PRODUCT.md 38), in the maturity run's
 * batch transaction, right after a note becomes `matured`:
 * - pay out: the whole value is transferred to the primary bank account on the run that sees
 *   the maturity (a paid `withdrawals` row, its ACH credit and a `withdrawal` entry), not at
 *   quarter end;
 * - roll over: the whole value moves into a new High-Yield note of the chosen term at the rate
 *   offered on the maturity date, earning from that date (no day is lost when the run is late,
 *   and a late run reads the same offer, from the catalogue's history: PRODUCT.md 47); with no
 *   such product on offer that day it is paid out instead.
 * Either way, as before any money leaves a note, the investor's months that ended are posted
 * first (decision 1310).
 * A pay-out waits (the note stays matured, its instruction kept) while the investor has no
 * primary bank account or the note's funding debit has not settled (PRODUCT.md 36).
 * A rollover can be undone within 10 days of the run that told the investor: its note is paid out
 * with the interest it earned.
 */
import { sql } from 'drizzle-orm';
import { addDays, type IsoDate } from '../../../shared/dates/calendar-date';
import { AppError } from '../../../shared/errors/app-error';
import {
  canUndoRollover,
  instructionOf,
  MATURITY_REMINDER_DAYS,
  maturityInstructionMessages,
} from '../../../shared/investments/maturity-instruction';
import { parseMoneyToCents } from '../../../shared/money/decimal-string';
import { maturityDateOf } from '../../../shared/products/maturity';
import { type Executor, rowsOf } from '../../db/client';
import { investments, withdrawals } from '../../db/schema';
import {
  maturityReminderMessage,
  rolloverMessage,
  rolloverRefusedMessage,
} from '../notifications/maturity-templates';
import { admitSale, keepRefusal, recordSale, SaleRefusedError } from '../offerings/sale-limits';
import { type PostedInterest, postClosingInterest, postEndedMonthsOfInvestor } from './interest-repository';
import { accrualTargetOn, cumulativeInterestAt, type InvestorRange, inInvestorRange } from './money-sql';
import type { DatedNotice, WithdrawalPaidNotice } from './money-notices';
import {
  type AvailableNote,
  bankLastFour,
  closeWithdrawnNote,
  drawFromNote,
  insertWithdrawalCredit,
  markWithdrawalPaid,
} from './withdrawal-repository';

interface MaturedNoteRow {
  id: string;
  investor_id: string;
  maturity_instruction: 'pay_out' | 'roll_over';
  rollover_term_years: number | null;
  maturity_date: IsoDate;
  value: string;
  bank_account_id: string | null;
  is_funded: boolean;
}

export interface InstructionOutcome {
  payouts: WithdrawalPaidNotice[];
  notices: DatedNotice[];
  rolledOver: number;
  /** Months of rolled-over notes (a late run's) that ended before the run, posted at once. */
  interestPosted: PostedInterest[];
}

export interface InstructionWrite {
  executionDate: IsoDate;
  /** Decrypts investor profiles for the offering limits a rollover meets (decision 1931). */
  fieldEncryptionKey?: Buffer;
  now: Date;
  /** Settlement date of the ACH credits of pay-outs. */
  achEffectiveDate: IsoDate;
  brandName: string;
}

/** Matured notes of the range whose instruction is not carried out yet, locked. */
async function lockMaturedWithInstruction(
  tx: Executor,
  owners: ReturnType<typeof sql>,
): Promise<MaturedNoteRow[]> {
  const result = await tx.execute(sql`
    select i.id, i.investor_id, i.maturity_instruction, i.rollover_term_years,
           to_char(i.maturity_date, 'YYYY-MM-DD') as maturity_date,
           (select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value,
           (select b.id from bank_accounts b
             where b.investor_id = i.investor_id and b.is_primary and b.deleted_at is null and b.verification_status = 'verified'
             order by b.created_at limit 1) as bank_account_id,
           not exists (select 1 from ach_payments f where f.investment_id = i.id and f.payment_type = 'funding'
                         and f.status <> 'settled') as is_funded
    from investments i
    where i.status = 'matured' and i.investment_type = 'high_yield' and i.maturity_instruction is not null and ${owners}
    order by i.investor_id, i.maturity_date, i.id
    for update of i`);
  return rowsOf<MaturedNoteRow>(result);
}

/**
 * The High-Yield product of that term offered on the day, best rate first, as the catalogue
 * stood when the day began in the business time zone (decision 1810): the offer the investor
 * last saw while the instruction could still be changed, and the one a run on that day reads
 * whatever the catalogue became later, so a late run rolls over as a daily run would have.
 */
async function findRolloverProduct(
  tx: Executor,
  termYears: number,
  day: IsoDate,
  timeZone: string,
): Promise<{ id: string; rate: string } | null> {
  const result = await tx.execute(sql`
    with offer as (
      select distinct on (h.product_id) h.product_id, h.investment_type, h.term_years, h.interest_rate_annual,
             h.is_active, h.available_from, h.available_until
      from investment_product_history h
      where h.valid_from < (${day}::date::timestamp at time zone ${timeZone}::text)
      order by h.product_id, h.valid_from desc, h.id desc
    )
    select o.product_id as id, o.interest_rate_annual::text as rate
    from offer o join investment_products p on p.id = o.product_id
    where o.investment_type = 'high_yield' and o.term_years = ${termYears} and o.is_active
      and (o.available_from is null or o.available_from <= ${day}::date)
      and (o.available_until is null or o.available_until >= ${day}::date)
    order by o.interest_rate_annual desc, p.created_at, p.id limit 1`);
  return rowsOf<{ id: string; rate: string }>(result)[0] ?? null;
}

function noteToDraw(id: string, value: string, reducedFrom: IsoDate): AvailableNote {
  return { id, investmentType: 'high_yield', value, reducedFrom };
}

/** The whole value of a note to the bank now: a paid withdrawal, its ACH credit and the entry. */
async function payOutNote(
  tx: Executor,
  input: InstructionWrite & {
    investorId: string;
    investmentId: string;
    value: string;
    bankAccountId: string;
    scheduledFor: IsoDate;
    reason: 'maturity_payout' | 'rollover_undo';
  },
): Promise<WithdrawalPaidNotice> {
  const [withdrawal] = await tx
    .insert(withdrawals)
    .values({
      investorId: input.investorId,
      bankAccountId: input.bankAccountId,
      amount: input.value,
      status: 'pending',
      reason: input.reason,
      scheduledFor: input.scheduledFor,
      requestedAt: input.now,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: withdrawals.id });
  const withdrawalId = withdrawal!.id;
  const achPaymentId = await insertWithdrawalCredit(tx, {
    investorId: input.investorId,
    withdrawal: { id: withdrawalId, amount: input.value, bankAccountId: input.bankAccountId },
    firstInvestmentId: input.investmentId,
    effectiveDate: input.achEffectiveDate,
    now: input.now,
  });
  await drawFromNote(tx, {
    investorId: input.investorId,
    note: noteToDraw(input.investmentId, input.value, input.executionDate),
    amount: input.value,
    draw: {
      kind: 'withdrawal',
      withdrawalId,
      achPaymentId,
      label: input.reason === 'maturity_payout' ? 'Paid out at maturity' : 'Rollover undone: paid out',
    },
    executionDate: input.executionDate,
    now: input.now,
  });
  await closeWithdrawnNote(tx, { investmentId: input.investmentId, now: input.now });
  await markWithdrawalPaid(tx, { withdrawalId, achPaymentId, now: input.now });
  return {
    investorId: input.investorId,
    executionDate: input.executionDate,
    amount: input.value,
    bankLastFour: await bankLastFour(tx, input.bankAccountId),
  };
}

/**
 * A rollover earns from the maturity date, so when the run is late it is brought up to date
 * at once, as that day's interest run would have done had it existed then: every month of the
 * investor's notes that ended before the run is posted (dated the run, decision 1310's rule)
 * and the new note accrues to the run's date. Its figures then no longer depend on which job
 * of the day runs next (a transfer's decision-1310 posting, or the interest run in either
 * order): each finds nothing left (decision 1730).
 */
async function bringRolloverUpToDate(
  tx: Executor,
  note: { id: string; investorId: string },
  input: InstructionWrite,
): Promise<PostedInterest[]> {
  const posted = await postEndedMonthsOfInvestor(tx, {
    investorId: note.investorId,
    executionDate: input.executionDate,
    now: input.now,
    achEffectiveDate: input.achEffectiveDate,
  });
  const target = accrualTargetOn(input.executionDate);
  await tx.execute(sql`
    update investments i set accrued_through = ${target},
      interest_accrued = ${cumulativeInterestAt(target)} - i.interest_posted
    where i.id = ${note.id}::uuid and i.status = 'active' and i.accrued_through < ${target}`);
  return posted;
}

/**
 * Whether the rollover's offering takes the new sale (cap, Tier 2 investor limit, 506(c)
 * accreditation; decision 1931): null when it does, else the reason the investor reads. The
 * refusal is kept for staff.
 */
async function refusalOfRollover(
  tx: Executor,
  note: MaturedNoteRow,
  productId: string,
  input: InstructionWrite,
): Promise<string | null> {
  if ((parseMoneyToCents(note.value) ?? 0n) <= 0n) return null;
  try {
    await admitSale(tx, input.fieldEncryptionKey ?? null, {
      productId,
      investorId: note.investor_id,
      amount: note.value,
      kind: 'rollover',
      today: note.maturity_date,
    });
    return null;
  } catch (error) {
    if (!(error instanceof SaleRefusedError)) throw error;
    await keepRefusal(tx, error, input.now);
    return error.refusal.message;
  }
}

async function rollOverNote(
  tx: Executor,
  note: MaturedNoteRow,
  product: { id: string; rate: string },
  termYears: number,
  input: InstructionWrite,
): Promise<{ notice: DatedNotice; interestPosted: PostedInterest[]; newId: string; offeringId: string }> {
  const [created] = await tx
    .insert(investments)
    .values({
      investorId: note.investor_id,
      productId: product.id,
      investmentType: 'high_yield',
      principalAmount: note.value,
      interestRateAnnual: product.rate,
      termYears,
      startDate: note.maturity_date,
      maturityDate: maturityDateOf('high_yield', note.maturity_date, termYears),
      status: 'active',
      accruedThrough: note.maturity_date,
      sourceInvestmentId: note.id,
      origin: 'rollover',
      rolledOverOn: input.executionDate,
      maturityInstruction: 'roll_over',
      rolloverTermYears: termYears,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: investments.id });
  const newId = created!.id;
  await drawFromNote(tx, {
    investorId: note.investor_id,
    note: noteToDraw(note.id, note.value, input.executionDate),
    amount: note.value,
    draw: { kind: 'reinvestment', intoInvestmentId: newId, label: 'Rolled over at maturity' },
    executionDate: input.executionDate,
    now: input.now,
  });
  await closeWithdrawnNote(tx, { investmentId: note.id, now: input.now });
  await tx.execute(sql`
    insert into investment_transactions
      (investment_id, investor_id, transaction_type, amount, value_effect, transaction_date, notes, created_at)
    values (${newId}::uuid, ${note.investor_id}::uuid, 'reinvestment', ${note.value}::numeric, ${note.value}::numeric,
            ${input.executionDate}::date, 'Rolled over from a matured note', ${input.now}::timestamptz)`);
  const interestPosted = await bringRolloverUpToDate(tx, { id: newId, investorId: note.investor_id }, input);
  const offering = rowsOf<{ offering_id: string }>(
    await tx.execute(sql`select offering_id from investment_products where id = ${product.id}::uuid`),
  )[0]!;
  return {
    newId,
    offeringId: offering.offering_id,
    interestPosted,
    notice: {
      investorId: note.investor_id,
      executionDate: input.executionDate,
      ...rolloverMessage(input.brandName, {
        newInvestmentId: newId,
        amount: note.value,
        rate: product.rate,
        termYears,
        startDate: note.maturity_date,
        rolledOverOn: input.executionDate,
      }),
    },
  };
}

/** Carries out the instruction of every matured note of the range that has one and can be acted on. */
export async function carryOutMaturityInstructions(
  tx: Executor,
  range: InvestorRange,
  input: InstructionWrite & { timeZone: string },
): Promise<InstructionOutcome> {
  const outcome: InstructionOutcome = { payouts: [], notices: [], rolledOver: 0, interestPosted: [] };
  for (const note of await lockMaturedWithInstruction(tx, inInvestorRange(range))) {
    // PRODUCT.md 36: the value of a note whose funding has not settled moves nowhere, not to
    // the bank and not into a rollover (that note would hold money that may never arrive); it
    // waits, matured, and the first run after the settlement carries the instruction out.
    if (!note.is_funded) continue;
    if (note.maturity_instruction === 'roll_over' && note.rollover_term_years !== null) {
      const product = await findRolloverProduct(
        tx,
        note.rollover_term_years,
        note.maturity_date,
        input.timeZone,
      );
      const refused = product ? await refusalOfRollover(tx, note, product.id, input) : null;
      if (product && !refused) {
        const rolled = await rollOverNote(tx, note, product, note.rollover_term_years, input);
        await recordSale(tx, {
          offeringId: rolled.offeringId,
          investorId: note.investor_id,
          investmentId: rolled.newId,
          kind: 'rollover',
          amount: note.value,
          soldOn: note.maturity_date,
          now: input.now,
        });
        outcome.notices.push(rolled.notice);
        outcome.interestPosted.push(...rolled.interestPosted);
        outcome.rolledOver += 1;
        continue;
      }
      // The offering's limits refused the new sale: the note is paid out as if it had no
      // rollover (or waits for a bank account), and the investor is told why (decision 1931).
      if (refused && note.maturity_instruction === 'roll_over') {
        outcome.notices.push({
          investorId: note.investor_id,
          executionDate: input.executionDate,
          ...rolloverRefusedMessage(input.brandName, {
            investmentId: note.id,
            amount: note.value,
            reason: refused,
            isPaidOut: note.bank_account_id !== null,
          }),
        });
        await tx.execute(sql`update investments set maturity_instruction = 'pay_out', rollover_term_years = null,
          updated_at = ${input.now}::timestamptz where id = ${note.id}::uuid`);
      }
    }
    if (note.bank_account_id === null || (parseMoneyToCents(note.value) ?? 0n) <= 0n) continue;
    // Decision 1310: the investor's ended months are posted before money leaves a note, as a
    // rollover and a transfer do, so a run whose interest job has not run yet still posts them
    // that day and with the pay-out's notice.
    outcome.interestPosted.push(
      ...(await postEndedMonthsOfInvestor(tx, {
        investorId: note.investor_id,
        executionDate: input.executionDate,
        now: input.now,
        achEffectiveDate: input.achEffectiveDate,
      })),
    );
    outcome.payouts.push(
      await payOutNote(tx, {
        ...input,
        investorId: note.investor_id,
        investmentId: note.id,
        value: note.value,
        bankAccountId: note.bank_account_id,
        scheduledFor: note.maturity_date,
        reason: 'maturity_payout',
      }),
    );
  }
  return outcome;
}

/** Whether any matured note still waits for its instruction (the run's first look). */
export async function hasInstructionsWaiting(db: Executor): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from investments where status = 'matured' and investment_type = 'high_yield'
                     and maturity_instruction is not null) as waiting`);
  return rowsOf<{ waiting: boolean }>(result)[0]?.waiting ?? false;
}

/**
 * The reminders due on the execution date: a note maturing within 30 (or 7) days that has not
 * had that reminder. Each is recorded once (the key of maturity_reminders), so a late or
 * repeated run never sends it twice, and a note bought with less than 30 days to go gets
 * only the reminders still ahead of it.
 */
export async function queueMaturityReminders(
  tx: Executor,
  range: InvestorRange,
  input: { executionDate: IsoDate; brandName: string },
): Promise<DatedNotice[]> {
  const notices: DatedNotice[] = [];
  for (const daysBefore of MATURITY_REMINDER_DAYS) {
    const dueFrom = addDays(input.executionDate, daysBefore);
    const closer = daysBefore === 30 ? addDays(input.executionDate, 7) : input.executionDate;
    const result = await tx.execute(sql`
      with due as (
        insert into maturity_reminders (investment_id, days_before, sent_on)
        select i.id, ${daysBefore}, ${input.executionDate}::date from investments i
        where i.investment_type = 'high_yield' and i.status = 'active' and ${inInvestorRange(range)}
          and i.maturity_date <= ${dueFrom}::date and i.maturity_date > ${closer}::date
        on conflict do nothing
        returning investment_id
      )
      select i.id, i.investor_id, to_char(i.maturity_date, 'YYYY-MM-DD') as maturity_date, i.maturity_instruction,
             i.rollover_term_years,
             (select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value
      from due d join investments i on i.id = d.investment_id`);
    for (const row of rowsOf<{
      id: string;
      investor_id: string;
      maturity_date: IsoDate;
      maturity_instruction: string | null;
      rollover_term_years: number | null;
      value: string;
    }>(result)) {
      notices.push({
        investorId: row.investor_id,
        executionDate: input.executionDate,
        ...maturityReminderMessage(input.brandName, {
          investmentId: row.id,
          daysBefore,
          maturityDate: row.maturity_date,
          value: row.value,
          instruction: instructionOf(row.maturity_instruction, row.rollover_term_years),
        }),
      });
    }
  }
  return notices;
}

interface RolloverNoteRow {
  id: string;
  origin: string;
  status: string;
  rolled_over_on: IsoDate;
  value: string;
}

/**
 * Undoes a rollover within 10 days of the run that made it (PRODUCT.md 38, 47): every month
 * that ended is posted, then the note's interest through today (it earns through the payment
 * day, as a transfer does), and the whole value is paid out to the primary bank account.
 */
export async function undoRollover(
  tx: Executor,
  input: InstructionWrite & { investorId: string; investmentId: string },
): Promise<{ payout: WithdrawalPaidNotice; interestPosted: PostedInterest[] }> {
  await tx.execute(sql`select id from investors where id = ${input.investorId}::uuid for update`);
  const notFound = new AppError('not_found', { message: 'Investment not found.' });
  const rows = rowsOf<RolloverNoteRow>(
    await tx.execute(sql`
      select i.id, i.origin, i.status, to_char(coalesce(i.rolled_over_on, i.start_date), 'YYYY-MM-DD') as rolled_over_on,
             '0' as value
      from investments i where i.id = ${input.investmentId}::uuid and i.investor_id = ${input.investorId}::uuid
      for update`),
  );
  const note = rows[0];
  if (!note) throw notFound;
  if (
    !canUndoRollover({
      origin: note.origin,
      status: note.status,
      rolledOverOn: note.rolled_over_on,
      today: input.executionDate,
    })
  ) {
    throw new AppError('conflict', { message: maturityInstructionMessages.notUndoable });
  }
  const bank = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from bank_accounts where investor_id = ${input.investorId}::uuid and is_primary and deleted_at is null
        and verification_status = 'verified' order by created_at limit 1`),
  )[0];
  if (!bank) throw new AppError('conflict', { message: maturityInstructionMessages.noBankAccount });
  const interestPosted = await postEndedMonthsOfInvestor(tx, {
    investorId: input.investorId,
    executionDate: input.executionDate,
    now: input.now,
    achEffectiveDate: input.achEffectiveDate,
  });
  interestPosted.push(
    ...(await postClosingInterest(tx, {
      investmentId: note.id,
      until: addDays(input.executionDate, 1),
      executionDate: input.executionDate,
      now: input.now,
      achEffectiveDate: input.achEffectiveDate,
    })),
  );
  const value = rowsOf<{ value: string }>(
    await tx.execute(sql`
      select coalesce(sum(value_effect), 0)::text as value from investment_transactions where investment_id = ${note.id}::uuid`),
  )[0]!.value;
  await tx.execute(sql`
    update investments set maturity_instruction = 'pay_out', rollover_term_years = null, updated_at = ${input.now}::timestamptz
    where id = ${note.id}::uuid`);
  const payout = await payOutNote(tx, {
    ...input,
    value,
    bankAccountId: bank.id,
    scheduledFor: input.executionDate,
    reason: 'rollover_undo',
  });
  return { payout, interestPosted };
}
