/**
 * The engine-against-model property, shared by the test (few, short runs on PGlite) and the
 * bench (many, longer ones): random portfolios and transfers, the jobs fired on random run
 * dates, then every note, entry and transfer compared with the reference model to the cent.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { addDays, type IsoDate, maxDate } from '../../shared/dates/calendar-date';
import { AppError } from '../../shared/errors/app-error';
import { rateToMillionths } from '../../shared/ledger/interest';
import { centsToMoney, parseMoneyToCents } from '../../shared/money/decimal-string';
import { type Database, rowsOf } from '../db/client';
import { adminUsers, earlyRedemptions, investmentProducts } from '../db/schema';
import { buildNoteBreakdown, readBreakdownNote } from '../modules/money/interest-breakdown';
import { runLedgerCheck } from '../modules/money/ledger-check';
import { undoRollover } from '../modules/money/maturity-instructions';
import { recordReinvestmentChoice } from '../modules/money/reinvestment-repository';
import {
  BACKUP_WITHHOLDING_STARTED_SETTING,
  DEFAULT_BACKUP_WITHHOLDING_RULE,
} from '../modules/backup-withholding/withholding-rule';
import { W9_CERTIFICATION_VERSION } from '../../shared/tax/w9-certification';
import { insertPendingWithdrawal } from '../modules/money/withdrawal-repository';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  type DayOrder,
  runMoneyDayInOrder,
  type TestEngine,
} from './money-fixtures';
import {
  formatTenBillionths,
  type ModelNote,
  type ModelRedemption,
  type ModelReinvestmentChoice,
  type ModelTransfer,
  rolloverKey,
  runReferenceModel,
} from './money-reference-model';

const FIRST_START = '2022-01-01';
/**
 * The High-Yield products a rollover can buy (no 3-year product: such a rollover is paid out,
 * unless a change offers one), offered since before the first note.
 */
const ROLLOVER_RATES: Record<number, string> = { 1: '0.0875', 2: '0.1024' };
const CATALOGUE_SINCE = new Date('2021-01-01T15:00:00Z');
const FIRST_RUN = '2024-01-01';

export interface Scenario {
  notes: {
    investor: number;
    type: 'standard' | 'high_yield';
    principalCents: number;
    rateMillionths: number;
    termYears: number;
    startOffset: number;
    /** High-Yield: none, pay out, or roll over into a term (3 years is not offered: paid out instead). */
    instruction: 'none' | 'pay_out' | 1 | 2 | 3;
    /**
     * A rollover (instruction 1 or 2) the investor undoes: a run `runAfter` days after the
     * maturity date is added (10 or more: a late run), and the undo is asked `undoAfter` days
     * after that run (after 9 days from that run it is refused, by engine and model alike).
     */
    undo?: { runAfter: number; undoAfter: number } | null;
    /** Standard: reinvest the interest from the first month (decision 1740). */
    reinvest?: boolean;
  }[];
  /**
   * Whether the first investor is subject to backup withholding (decision 1911) from the start:
   * no TIN on file at all, or a certification with item 2 crossed out. The second always has a
   * clean certification. Absent: the rule has not started, nothing is withheld.
   */
  withholding?: 'none' | 'no_tin' | 'certified_subject';
  /** Reinvestment switched on or off for the n-th note (mod the count; Standard notes only), on a day. */
  switches?: { note: number; reinvest: boolean; offset: number }[];
  transfers: { investor: number; amountCents: number; requestOffset: number }[];
  /**
   * Approved early redemptions of the n-th note (mod the count; one per note), whole or a part,
   * paid on or after `paymentOffset` days from the first run (decisions 1950, 1951).
   */
  redemptions?: { note: number; whole: boolean; partCents: number; paymentOffset: number }[];
  runOffsets: number[];
  /**
   * Changes to the High-Yield catalogue a few days around the n-th note's maturity (mod the
   * count): a term's rate changed, the term withdrawn, or a new product of the term offered (the
   * note's rollover term, else `termYears`). Rollovers take the offer of their maturity date, so
   * a change between a maturity and a late run must not count.
   */
  offerChanges?: {
    note: number;
    daysAfterMaturity: number;
    termYears: 1 | 2 | 3;
    change: 'rate' | 'withdraw' | 'offer';
    rateMillionths: number;
  }[];
}

/** Portfolios of up to `maxNotes` notes over two investors, run on up to `maxRuns` dates within `horizonDays`. */
export function scenarioArbitrary(limits: {
  maxNotes: number;
  maxRuns: number;
  horizonDays: number;
}): fc.Arbitrary<Scenario> {
  const note = fc.record({
    investor: fc.integer({ min: 0, max: 1 }),
    type: fc.constantFrom('standard' as const, 'high_yield' as const),
    principalCents: fc.integer({ min: 500_000, max: 10_000_000 }),
    rateMillionths: fc.oneof(
      fc.constantFrom(80_000, 90_000, 94_000, 98_000, 102_400),
      fc.integer({ min: 10_000, max: 150_000 }),
    ),
    termYears: fc.integer({ min: 1, max: 3 }),
    startOffset: fc.integer({ min: 0, max: 730 + limits.horizonDays }),
    // None, pay out, or roll over (3 years is not offered: paid out instead); decision 1730.
    instruction: fc.constantFrom('none' as const, 'pay_out' as const, 1 as const, 2 as const, 3 as const),
    undo: fc.oneof(
      { arbitrary: fc.constant(null), weight: 2 },
      {
        arbitrary: fc.record({
          runAfter: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 10, max: 14 })),
          undoAfter: fc.integer({ min: 0, max: 11 }),
        }),
        weight: 1,
      },
    ),
    reinvest: fc.boolean(),
  });
  return fc.record({
    notes: fc.uniqueArray(note, {
      minLength: 1,
      maxLength: limits.maxNotes,
      selector: (value) => value.startOffset,
    }),
    switches: fc.array(
      fc.record({
        note: fc.nat({ max: 20 }),
        reinvest: fc.boolean(),
        offset: fc.integer({ min: 0, max: 730 + limits.horizonDays }),
      }),
      { maxLength: 3 },
    ),
    transfers: fc.uniqueArray(
      fc.record({
        investor: fc.integer({ min: 0, max: 1 }),
        amountCents: fc.integer({ min: 10_000, max: 6_000_000 }),
        requestOffset: fc.integer({ min: 0, max: limits.horizonDays }),
      }),
      { maxLength: 3, selector: (value) => value.requestOffset },
    ),
    redemptions: fc.array(
      fc.record({
        note: fc.nat({ max: 20 }),
        whole: fc.boolean(),
        partCents: fc.integer({ min: 10_000, max: 9_000_000 }),
        paymentOffset: fc.integer({ min: 0, max: limits.horizonDays }),
      }),
      { maxLength: 2 },
    ),
    withholding: fc.constantFrom('none' as const, 'no_tin' as const, 'certified_subject' as const),
    runOffsets: fc.uniqueArray(fc.integer({ min: 0, max: limits.horizonDays }), {
      minLength: 1,
      maxLength: limits.maxRuns,
    }),
    offerChanges: fc.array(
      fc.record({
        note: fc.nat({ max: 20 }),
        daysAfterMaturity: fc.integer({ min: -2, max: 30 }),
        termYears: fc.constantFrom(1 as const, 2 as const, 3 as const),
        change: fc.constantFrom('rate' as const, 'withdraw' as const, 'offer' as const),
        rateMillionths: fc.integer({ min: 50_000, max: 150_000 }),
      }),
      { maxLength: 3 },
    ),
  });
}

/**
 * Applies the catalogue changes, each stamped with its day (the history a rollover reads is
 * keyed by that instant, whenever the row is written): a rate change and a withdrawal apply to
 * the term's first product, when there is one.
 */
async function changeOffers(
  db: Database,
  changes: {
    on: IsoDate;
    termYears: number;
    change: 'rate' | 'withdraw' | 'offer';
    rateMillionths: number;
  }[],
): Promise<void> {
  for (const change of [...changes].sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0))) {
    const at = new Date(`${change.on}T15:00:00Z`);
    const rate = rateText(change.rateMillionths);
    if (change.change === 'offer') {
      await db.insert(investmentProducts).values({
        displayName: `High-Yield ${change.termYears} years, offered later`,
        investmentType: 'high_yield',
        interestRateAnnual: rate,
        termYears: change.termYears,
        minimumPurchaseAmount: '1000.00',
        createdAt: at,
        updatedAt: at,
      });
      continue;
    }
    const [first] = await query<{ id: string }>(
      db,
      sql`select id from investment_products where investment_type = 'high_yield' and term_years = ${change.termYears}
          order by created_at, id limit 1`,
    );
    if (!first) continue;
    await db.execute(
      change.change === 'rate'
        ? sql`update investment_products set interest_rate_annual = ${rate}::numeric, updated_at = ${at}::timestamptz
              where id = ${first.id}::uuid`
        : sql`update investment_products set is_active = false, updated_at = ${at}::timestamptz where id = ${first.id}::uuid`,
    );
  }
}

function rateText(millionths: number): string {
  return `0.${String(millionths).padStart(6, '0')}`;
}

async function query<Row>(db: Database, statement: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(statement));
}

/**
 * The scenario's early redemptions, approved as staff would (the payment job rechecks the note
 * on the day, as it does after a real approval): one per note, a part as asked, whole otherwise.
 */
async function approveRedemptions(
  db: Database,
  scenario: Scenario,
  bought: { investmentId: string; investorId: string }[],
): Promise<void> {
  const requests = scenario.redemptions ?? [];
  if (requests.length === 0) return;
  const [staff] = await db
    .insert(adminUsers)
    .values({
      email: `approver-${bought[0]!.investmentId.slice(0, 8)}@staff.example`,
      passwordHash: 'not-a-password',
      firstName: 'Model',
      lastName: 'Approver',
      role: 'operations',
    })
    .returning({ id: adminUsers.id });
  const redeemed = new Set<number>();
  for (const [position, request] of requests.entries()) {
    const index = request.note % bought.length;
    if (redeemed.has(index)) continue;
    redeemed.add(index);
    const note = bought[index]!;
    const paymentDate = addDays(FIRST_RUN, request.paymentOffset);
    const requestedAt = new Date(`${addDays(FIRST_RUN, -1)}T12:00:0${position}Z`);
    await db.insert(earlyRedemptions).values({
      investmentId: note.investmentId,
      investorId: note.investorId,
      isWhole: request.whole,
      principalAmount: request.whole
        ? sql`(select principal_amount from investments where id = ${note.investmentId}::uuid)`
        : centsToMoney(BigInt(request.partCents)),
      status: 'approved',
      requestedAt,
      approvedBy: staff!.id,
      approvedAt: requestedAt,
      paymentDate,
    });
  }
}

/**
 * Runs the scenario on an empty database and answers the differences from the model (none when
 * they agree). `orders[n]` is the job order of the n-th run date (default: the cron order); the
 * model is the same whatever the order.
 */
export async function compareEngineWithModel(
  db: Database,
  scenario: Scenario,
  orders: DayOrder[] = [],
): Promise<string[]> {
  const engine = createTestEngine(db);
  const investors = [await createFundedInvestor(db), await createFundedInvestor(db)];
  await db.insert(investmentProducts).values(
    Object.entries(ROLLOVER_RATES).map(([term, rate]) => ({
      displayName: `High-Yield ${term} years`,
      investmentType: 'high_yield',
      interestRateAnnual: rate,
      termYears: Number(term),
      minimumPurchaseAmount: '1000.00',
      createdAt: CATALOGUE_SINCE,
      updatedAt: CATALOGUE_SINCE,
    })),
  );
  const withheldInvestors = await setUpBackupWithholding(
    db,
    investors.map((investor) => investor.investorId),
    scenario.withholding ?? 'none',
  );
  const undoPlans: UndoPlan[] = [];
  const bought: { investmentId: string; investorId: string; type: string; startDate: IsoDate }[] = [];
  for (const note of scenario.notes) {
    const startDate = addDays(FIRST_START, note.startOffset);
    const { investmentId } = await buyNote(engine, {
      ...investors[note.investor]!,
      maturityInstruction:
        note.instruction === 'none'
          ? null
          : note.instruction === 'pay_out'
            ? { kind: 'pay_out' }
            : { kind: 'roll_over', term_years: note.instruction },
      investmentType: note.type,
      principal: centsToMoney(BigInt(note.principalCents)),
      rate: rateText(note.rateMillionths),
      termYears: note.type === 'standard' ? 1 : note.termYears + 1,
      startDate,
      reinvestInterest: note.type === 'standard' && note.reinvest === true,
    });
    bought.push({
      investmentId,
      investorId: investors[note.investor]!.investorId,
      type: note.type,
      startDate,
    });
    if (note.undo && note.type === 'high_yield' && (note.instruction === 1 || note.instruction === 2)) {
      const [row] = await query<{ maturity_date: IsoDate }>(
        db,
        sql`select to_char(maturity_date, 'YYYY-MM-DD') as maturity_date from investments where id = ${investmentId}::uuid`,
      );
      const runOn = addDays(row!.maturity_date, note.undo.runAfter);
      undoPlans.push({
        sourceId: investmentId,
        investorId: investors[note.investor]!.investorId,
        runOn,
        undoOn: addDays(runOn, note.undo.undoAfter),
      });
    }
  }
  const changes: Parameters<typeof changeOffers>[1] = [];
  for (const change of scenario.offerChanges ?? []) {
    const index = change.note % scenario.notes.length;
    const note = scenario.notes[index]!;
    const [row] = await query<{ maturity_date: IsoDate }>(
      db,
      sql`select to_char(maturity_date, 'YYYY-MM-DD') as maturity_date from investments where id = ${bought[index]!.investmentId}::uuid`,
    );
    changes.push({
      on: addDays(row!.maturity_date, change.daysAfterMaturity),
      termYears: typeof note.instruction === 'number' ? note.instruction : change.termYears,
      change: change.change,
      rateMillionths: change.rateMillionths,
    });
  }
  await changeOffers(db, changes);
  // A switch governs the months after its day's, which no run before that day can post, so
  // recording them all before the runs is the same as recording each on its day.
  for (const change of [...(scenario.switches ?? [])].sort((a, b) => a.offset - b.offset)) {
    const note = bought[change.note % bought.length]!;
    if (note.type !== 'standard') continue;
    const changedOn = maxDate(addDays(FIRST_START, change.offset), note.startDate);
    await recordReinvestmentChoice(db, {
      investmentId: note.investmentId,
      investorId: note.investorId,
      reinvest: change.reinvest,
      changedOn,
      source: 'investor',
      now: new Date(`${changedOn}T18:00:00Z`),
    });
  }
  const transfers = [...scenario.transfers].sort((a, b) => a.requestOffset - b.requestOffset);
  for (const transfer of transfers) {
    const requestedOn = addDays(FIRST_RUN, transfer.requestOffset);
    await insertPendingWithdrawal(db, {
      ...investors[transfer.investor]!,
      amount: centsToMoney(BigInt(transfer.amountCents)),
      requestedOn,
      now: new Date(`${requestedOn}T16:00:00Z`),
    });
  }
  await approveRedemptions(db, scenario, bought);
  const runDates = [
    ...new Set([
      ...scenario.runOffsets.map((offset) => addDays(FIRST_RUN, offset)),
      ...undoPlans.map((plan) => plan.runOn),
    ]),
  ].sort();
  undoPlans.sort((a, b) => (a.undoOn < b.undoOn ? -1 : a.undoOn > b.undoOn ? 1 : 0));
  const undos: EngineUndo[] = [];
  /** Undo requests dated before `before` (all, when null): each after the runs of its own day. */
  async function undoBefore(before: IsoDate | null): Promise<void> {
    while (undos.length < undoPlans.length) {
      const plan = undoPlans[undos.length]!;
      if (before !== null && plan.undoOn >= before) return;
      undos.push({ noteKey: plan.sourceId, date: plan.undoOn, outcome: await tryUndo(db, engine, plan) });
    }
  }
  for (const [index, date] of runDates.entries()) {
    await undoBefore(date);
    await runMoneyDayInOrder(engine, date, orders[index] ?? 'cron');
  }
  await undoBefore(null);
  const interestMissed = runDates.filter((_, index) => orders[index] === 'interest-missed');
  return compareDatabaseWithModel(db, runDates, undos, interestMissed, withheldInvestors);
}

/**
 * Starts the rule before every date the scenario uses and gives the first investor the state the
 * scenario names (the second is certified): answers the investors withheld from.
 */
async function setUpBackupWithholding(
  db: Database,
  investorIds: string[],
  withholding: NonNullable<Scenario['withholding']>,
): Promise<string[]> {
  if (withholding === 'none') return [];
  await db.execute(sql`
    insert into app_settings (key, value, updated_at)
    values (${BACKUP_WITHHOLDING_STARTED_SETTING}, to_jsonb('2000-01-01'::text), now())
    on conflict (key) do update set value = excluded.value`);
  const [first, second] = investorIds;
  const certify = (investorId: string, subject: boolean) =>
    db.execute(sql`
      insert into tin_certifications
        (investor_id, certification_version, tin_type, tin_last_four, legal_name, subject_to_backup_withholding,
         is_us_person, certified_at)
      values (${investorId}::uuid, ${W9_CERTIFICATION_VERSION}, 'ssn', '6789', 'Test Investor', ${subject}, true,
              '2021-01-01T15:00:00Z')`);
  await certify(second!, false);
  if (withholding === 'certified_subject') await certify(first!, true);
  return [first!];
}

interface UndoPlan {
  sourceId: string;
  investorId: string;
  runOn: IsoDate;
  undoOn: IsoDate;
}

/** An undo the engine was asked for: the note the rollover came from, the day, and what happened. */
export interface EngineUndo {
  noteKey: string;
  date: IsoDate;
  outcome: 'undone' | 'refused';
}

/** The investor's undo of the rollover made of `plan.sourceId`, as the note page asks for it. */
async function tryUndo(db: Database, engine: TestEngine, plan: UndoPlan): Promise<'undone' | 'refused'> {
  const [rolled] = await query<{ id: string }>(
    db,
    sql`select id from investments where source_investment_id = ${plan.sourceId}::uuid and origin = 'rollover'`,
  );
  if (!rolled) return 'refused';
  try {
    await db.transaction((tx) =>
      undoRollover(tx, {
        investorId: plan.investorId,
        investmentId: rolled.id,
        executionDate: plan.undoOn,
        now: new Date(`${plan.undoOn}T15:00:00Z`),
        achEffectiveDate: engine.ach.expectedSettlementDate(plan.undoOn),
        backupWithholding: engine.backupWithholding,
        brandName: 'Steadyline',
      }),
    );
    return 'undone';
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return 'refused';
    throw error;
  }
}

function cents(amount: string): bigint {
  const value = parseMoneyToCents(amount);
  if (value === null) throw new Error(`Not an amount: ${amount}`);
  return value;
}

/**
 * Feeds the notes and transfers found in the database, with the dates the jobs ran on, to
 * the reference model, and answers every difference between its figures and the engine's:
 * each note's status, interest posted and accrued, accrual date, amount withdrawn and value;
 * every interest and withdrawal entry; every transfer's outcome; and the ledger check.
 */
export async function compareDatabaseWithModel(
  db: Database,
  runDates: IsoDate[],
  undos: EngineUndo[] = [],
  interestMissed: IsoDate[] = [],
  withheldInvestors: string[] = [],
): Promise<string[]> {
  const noteRows = await query<{
    id: string;
    investor_id: string;
    investment_type: 'standard' | 'high_yield';
    principal_amount: string;
    interest_rate_annual: string;
    start_date: IsoDate;
    maturity_date: IsoDate;
    status: string;
    interest_posted: string;
    amount_withdrawn: string;
    accrued_through: string;
    interest_accrued: string;
    interest_reinvested: string;
    value: string;
    origin: string;
    source_investment_id: string | null;
    maturity_instruction: string | null;
    rollover_term_years: number | null;
    funding_effective_date: IsoDate | null;
  }>(
    db,
    sql`select i.id, i.investor_id, i.investment_type, i.principal_amount::text as principal_amount,
               i.origin, i.source_investment_id, i.maturity_instruction, i.rollover_term_years,
               (select to_char(min(f.effective_date), 'YYYY-MM-DD') from ach_payments f
                 where f.investment_id = i.id and f.payment_type = 'funding') as funding_effective_date,
               i.interest_rate_annual::text as interest_rate_annual, to_char(i.start_date, 'YYYY-MM-DD') as start_date,
               to_char(i.maturity_date, 'YYYY-MM-DD') as maturity_date, i.status,
               i.interest_posted::text as interest_posted, i.amount_withdrawn::text as amount_withdrawn,
               to_char(i.accrued_through, 'YYYY-MM-DD') as accrued_through, i.interest_accrued::text as interest_accrued,
               i.interest_reinvested::text as interest_reinvested,
               (select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value
        from investments i order by i.start_date, i.created_at, i.id`,
  );
  const transferRows = await query<{
    id: string;
    investor_id: string;
    amount: string;
    scheduled: IsoDate;
    status: string;
  }>(
    db,
    sql`select id, investor_id, amount::text as amount, to_char(scheduled_for, 'YYYY-MM-DD') as scheduled, status
        from withdrawals where reason = 'transfer' order by requested_at, id`,
  );
  const redemptionRows = await query<{
    id: string;
    investment_id: string;
    is_whole: boolean;
    principal_amount: string;
    payment_date: IsoDate;
    status: string;
  }>(
    db,
    sql`select id, investment_id, is_whole, principal_amount::text as principal_amount,
               to_char(payment_date, 'YYYY-MM-DD') as payment_date, status
        from early_redemptions order by requested_at, id`,
  );
  // A rollover's note is the model's to make: it is named after the note it came from.
  const modelKeys = new Map<string, string>();
  for (const row of noteRows) {
    const source = row.source_investment_id ? modelKeys.get(row.source_investment_id) : undefined;
    modelKeys.set(row.id, row.origin === 'rollover' && source ? rolloverKey(source) : row.id);
  }
  const keyOf = (id: string) => modelKeys.get(id) ?? id;
  const choiceRows = await query<{
    investment_id: string;
    reinvest: boolean;
    source: string;
    changed_on: IsoDate;
  }>(
    db,
    sql`select investment_id, reinvest, source, to_char(changed_on, 'YYYY-MM-DD') as changed_on
        from interest_reinvestment_changes order by id`,
  );
  const choicesOf = (id: string): ModelReinvestmentChoice[] =>
    choiceRows
      .filter((row) => row.investment_id === id)
      .map((row) => ({
        reinvest: row.reinvest,
        atPurchase: row.source === 'purchase',
        madeOn: row.changed_on,
      }));
  // The catalogue's versions with the business day (America/New_York, the engine's clock) each was
  // made on; the seeded catalogue's, on record from the start, from the first day there is.
  const versions = await query<{
    product_id: string;
    term_years: number;
    rate: string;
    is_active: boolean;
    available_from: IsoDate | null;
    available_until: IsoDate | null;
    changed_on: IsoDate;
  }>(
    db,
    sql`select product_id, term_years, interest_rate_annual::text as rate, is_active,
               to_char(available_from, 'YYYY-MM-DD') as available_from, to_char(available_until, 'YYYY-MM-DD') as available_until,
               coalesce(to_char(valid_from at time zone 'America/New_York', 'YYYY-MM-DD'), '0001-01-01') as changed_on
        from investment_product_history where investment_type = 'high_yield' order by valid_from, id`,
  );
  const model = runReferenceModel({
    offers: versions.map((row) => ({
      productKey: row.product_id,
      termYears: row.term_years,
      rateMillionths: rateToMillionths(row.rate),
      isActive: row.is_active,
      availableFrom: row.available_from,
      availableUntil: row.available_until,
      changedOn: row.changed_on,
    })),
    interestMissed,
    notes: noteRows
      .filter((row) => row.origin !== 'rollover')
      .map(
        (row): ModelNote => ({
          key: row.id,
          investorKey: row.investor_id,
          type: row.investment_type,
          principalCents: cents(row.principal_amount),
          rateMillionths: rateToMillionths(row.interest_rate_annual),
          startDate: row.start_date,
          maturityDate: row.maturity_date,
          instruction:
            row.maturity_instruction === 'pay_out'
              ? { kind: 'pay_out' }
              : row.maturity_instruction === 'roll_over'
                ? { kind: 'roll_over', termYears: row.rollover_term_years ?? 0 }
                : null,
          fundingEffectiveDate: row.funding_effective_date,
          reinvestment: choicesOf(row.id),
        }),
      ),
    transfers: transferRows.map(
      (row): ModelTransfer => ({
        key: row.id,
        investorKey: row.investor_id,
        amountCents: cents(row.amount),
        scheduledFor: row.scheduled,
      }),
    ),
    runDates,
    undos,
    redemptions: redemptionRows.map(
      (row): ModelRedemption => ({
        key: row.id,
        noteKey: row.investment_id,
        isWhole: row.is_whole,
        principalCents: cents(row.principal_amount),
        paymentDate: row.payment_date,
      }),
    ),
    backupWithholding: {
      investorKeys: withheldInvestors,
      rateTenThousandths: BigInt(DEFAULT_BACKUP_WITHHOLDING_RULE.rate.split('.')[1]!.padEnd(4, '0')),
    },
  });

  const differences: string[] = [];
  for (const row of redemptionRows) {
    if (model.redemptions.get(row.id) !== row.status) {
      differences.push(
        `early redemption ${row.id}: engine ${row.status} model ${model.redemptions.get(row.id)}`,
      );
    }
  }
  const undoOutcomes = undos.map((request) => `${request.noteKey} on ${request.date}: ${request.outcome}`);
  const modelUndoOutcomes = undos.map(
    (request, index) => `${request.noteKey} on ${request.date}: ${model.undos[index] ?? 'not asked'}`,
  );
  if (JSON.stringify(undoOutcomes) !== JSON.stringify(modelUndoOutcomes)) {
    differences.push(
      `undos: engine ${JSON.stringify(undoOutcomes)} model ${JSON.stringify(modelUndoOutcomes)}`,
    );
  }
  for (const row of noteRows) {
    const expected = model.notes.get(keyOf(row.id));
    if (!expected) {
      differences.push(`note ${row.id}: made by the engine (${row.origin}), not by the model`);
      continue;
    }
    const actual = {
      status: row.status,
      posted: row.interest_posted,
      withdrawn: row.amount_withdrawn,
      accruedThrough: row.accrued_through,
      accrued: row.interest_accrued,
      value: row.value,
      reinvested: row.interest_reinvested,
    };
    const wanted = {
      status: expected.status,
      posted: centsToMoney(expected.postedCents),
      withdrawn: centsToMoney(expected.withdrawnCents),
      accruedThrough: expected.accruedThrough,
      accrued: formatTenBillionths(expected.accruedTenBillionths),
      value: centsToMoney(expected.valueCents),
      reinvested: centsToMoney(expected.reinvestedCents),
    };
    if (JSON.stringify(actual) !== JSON.stringify(wanted)) {
      differences.push(`note ${row.id}: engine ${JSON.stringify(actual)} model ${JSON.stringify(wanted)}`);
    }
  }
  const entryRows = await query<{
    investment_id: string;
    type: string;
    amount: string;
    date: string;
    period: string | null;
    credited: boolean;
    withheld: string;
  }>(
    db,
    sql`select investment_id, transaction_type as type, amount::text as amount, to_char(transaction_date, 'YYYY-MM-DD') as date,
               to_char(posting_period, 'YYYY-MM-DD') as period, backup_withheld::text as withheld,
               (transaction_type = 'interest_payment' and value_effect > 0) as credited
        from investment_transactions
        where transaction_type in ('interest_payment', 'withdrawal', 'reinvestment', 'redemption_penalty')`,
  );
  const describe = (entry: {
    note: string;
    type: string;
    amount: string;
    date: string;
    period: string | null;
    credited: boolean;
    withheld: string;
  }) =>
    `${entry.note} ${entry.type}${entry.credited ? ' (credited)' : ''} ${entry.amount} on ${entry.date} for ${entry.period ?? '-'}` +
    (entry.withheld === '0.00' ? '' : ` withheld ${entry.withheld}`);
  const engineEntries = entryRows.map((row) => describe({ ...row, note: keyOf(row.investment_id) })).sort();
  const modelEntries = model.entries
    .map((entry) =>
      describe({
        note: entry.noteKey,
        type: entry.type,
        amount: centsToMoney(entry.amountCents),
        date: entry.date,
        period: entry.period,
        credited: entry.credited === true,
        withheld: centsToMoney(entry.withheldCents ?? 0n),
      }),
    )
    .sort();
  if (JSON.stringify(engineEntries) !== JSON.stringify(modelEntries)) {
    const missing = modelEntries.filter((entry) => !engineEntries.includes(entry));
    const extra = engineEntries.filter((entry) => !modelEntries.includes(entry));
    differences.push(`entries: missing ${JSON.stringify(missing)} extra ${JSON.stringify(extra)}`);
  }
  for (const row of transferRows) {
    if (model.transfers.get(row.id) !== row.status) {
      differences.push(`transfer ${row.id}: engine ${row.status} model ${model.transfers.get(row.id)}`);
    }
  }
  const madeByEngine = new Set(noteRows.map((row) => keyOf(row.id)));
  for (const key of model.notes.keys()) {
    if (!madeByEngine.has(key)) differences.push(`note ${key}: made by the model, not by the engine`);
  }
  differences.push(
    ...(await compareBreakdownsWithLedger(
      db,
      noteRows.map((row) => row.id),
    )),
  );
  const ledger = await runLedgerCheck(db);
  for (const problem of ledger.problems) differences.push(`ledger check: ${JSON.stringify(problem)}`);
  return differences;
}

/**
 * The shared interest schedule ("show the math", issue 17 item 4) against the engine: every
 * period it lists as posted holds exactly the amount the engine posted, and every period the
 * engine skipped rounds to nothing.
 */
export async function compareBreakdownsWithLedger(db: Database, noteIds: string[]): Promise<string[]> {
  const differences: string[] = [];
  for (const id of noteIds) {
    const note = await readBreakdownNote(db, id);
    if (!note) continue;
    const breakdown = await buildNoteBreakdown(db, note);
    for (const row of breakdown.rows) {
      if ((row.ledgerAmount ?? '0.00') !== row.posted) {
        differences.push(
          `breakdown ${id} ${row.period}: schedule ${row.posted} ledger ${row.ledgerAmount ?? 'none'}`,
        );
      }
    }
  }
  return differences;
}

/** Entries and notes the comparison covered, for reports. */
export async function countLedger(
  db: Database,
): Promise<{ notes: number; entries: number; transfers: number }> {
  const [row] = await query<{ notes: number; entries: number; transfers: number }>(
    db,
    sql`select (select count(*)::int from investments) as notes, (select count(*)::int from investment_transactions) as entries,
               (select count(*)::int from withdrawals) as transfers`,
  );
  return row!;
}
