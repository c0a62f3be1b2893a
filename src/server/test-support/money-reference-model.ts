/**
 * A plain model of the money rules, written apart from the engine and sharing none of its
 * code: interest is summed day by day in exact integers (cent-millionths), rounded half-up
 * to cents only when posted. Tests, the long property bench and the simulated-year script
 * compare the engine with it, to the cent.
 *
 * The rules it encodes (PRODUCT.md 13, 17-19; docs/decisions/100): simple interest on
 * principal, Actual/365 fixed; each calendar month is posted by the first run after it ends
 * (Standard: paid to the bank, High-Yield: credited); a High-Yield note earns until its
 * maturity and is closed by the first run on or after it; a transfer is paid by the first
 * run on or after its quarter end, drawn from the oldest available notes; a Standard note
 * earns on what is left from the day after; a note emptied by it gets its last interest then.
 * A High-Yield note with a maturity instruction is paid out or rolled over by the run that
 * matures it, once its funding has settled (else by the first run after); a late rollover is
 * brought up to date by that run, and rolled over again if it has matured too; a rollover can be
 * undone within 10 days of the run that made it (docs/decisions/1700, 1730, 1810). A rollover
 * takes the offer of the maturity date: the catalogue's versions as they stood when that day
 * began, whatever day the run is (PRODUCT.md 47).
 * Before money leaves a note (a pay-out, a rollover, a transfer) the investor's months that
 * ended are posted (decision 1310), which shows on a run whose interest job did not run.
 * A Standard note that reinvests (decision 1740) has a month's interest credited to it when the
 * month's choice says so: a choice made in month M governs M + 1 on, one made at purchase the
 * first month; the credit earns from the first day after its month; the last interest of a
 * note a transfer empties is paid out whatever the choice.
 * An approved early redemption (decisions 1950, 1951) is paid by the first run on or after its
 * payment date, after the transfers: the investor's ended months are posted first; it fails if
 * the note is no longer active, has reached its term, its funding has not settled, or a part
 * would leave less than $1,000 earning. A whole one posts the note's interest to the day (paid
 * out, never reinvested) and pays its value less the penalty; a part stops earning from the day
 * (or the first day not yet accrued) and pays the part less the penalty. The penalty is 90 days'
 * interest on the principal redeemed, half-up to the cent; it is its own entry.
 */
import {
  addDays,
  addMonths,
  addYears,
  daysBetween,
  type IsoDate,
  startOfMonth,
} from '../../shared/dates/calendar-date';

export interface ModelNote {
  key: string;
  investorKey: string;
  type: 'standard' | 'high_yield';
  principalCents: bigint;
  /** Annual rate in millionths (0.094 -> 94000). */
  rateMillionths: bigint;
  startDate: IsoDate;
  /** High-Yield: end of term; Standard: end of lock-up. */
  maturityDate: IsoDate;
  /** High-Yield: what happens at maturity (none: the note waits, matured, for a transfer). */
  instruction?: ModelInstruction | null;
  /**
   * When its funding debit is due to settle (settled by the last job of the first run on or
   * after it); none for a note funded from other notes. A pay-out waits for it (PRODUCT.md 36).
   */
  fundingEffectiveDate?: IsoDate | null;
  /** Standard: interest reinvestment choices, in the order made (none: paid to the bank). */
  reinvestment?: ModelReinvestmentChoice[];
}

/** Made at purchase (governs the first month) or on a day (governs the months after that day's). */
export interface ModelReinvestmentChoice {
  reinvest: boolean;
  atPurchase: boolean;
  madeOn: IsoDate;
}

export type ModelInstruction = { kind: 'pay_out' } | { kind: 'roll_over'; termYears: number };

/** The key the model gives the note a rollover of `noteKey` creates. */
export function rolloverKey(noteKey: string): string {
  return `${noteKey}>rollover`;
}

/**
 * One version of a catalogue product's offer: in force for a date when it is the product's
 * latest version from a business day before that date.
 */
export interface ModelOfferVersion {
  productKey: string;
  termYears: number;
  rateMillionths: bigint;
  isActive: boolean;
  availableFrom: IsoDate | null;
  availableUntil: IsoDate | null;
  /** The business day of the change (the first day it governs is the next). */
  changedOn: IsoDate;
}

export interface ModelRedemption {
  key: string;
  noteKey: string;
  isWhole: boolean;
  /** A part's principal (ignored when whole). */
  principalCents: bigint;
  paymentDate: IsoDate;
}

export interface ModelTransfer {
  key: string;
  investorKey: string;
  amountCents: bigint;
  scheduledFor: IsoDate;
}

/**
 * The investor undoes the rollover made of `noteKey` on `date` (after that day's run, if any):
 * allowed while the rolled-over note is active and `date` is within 10 days of its start.
 */
export interface ModelUndo {
  noteKey: string;
  date: IsoDate;
}

export interface ModelEntry {
  noteKey: string;
  type: 'interest_payment' | 'withdrawal' | 'reinvestment' | 'redemption_penalty';
  amountCents: bigint;
  date: IsoDate;
  /** Interest postings: the month posted. */
  period: IsoDate | null;
  /** Interest credited to the note (High-Yield, or a reinvesting Standard note), not paid out. */
  credited?: boolean;
  /** Interest paid out: the part withheld as backup withholding (decision 1911). */
  withheldCents?: bigint;
}

export interface ModelNoteState {
  status: 'active' | 'matured' | 'withdrawn';
  postedCents: bigint;
  withdrawnCents: bigint;
  accruedThrough: IsoDate;
  /** Exact interest to accruedThrough less posted, in 1e-10 dollars (0 once closed). */
  accruedTenBillionths: bigint;
  valueCents: bigint;
  /** Standard interest credited to the note. */
  reinvestedCents: bigint;
}

export interface ModelResult {
  notes: Map<string, ModelNoteState>;
  entries: ModelEntry[];
  transfers: Map<string, 'pending' | 'paid' | 'failed'>;
  redemptions: Map<string, 'approved' | 'paid' | 'failed'>;
  /** Each undo request's outcome, in the order given. */
  undos: ('undone' | 'refused')[];
}

interface NoteRun {
  note: ModelNote;
  /** A matured note's instruction still to carry out. */
  instructionPending: boolean;
  status: 'active' | 'matured' | 'withdrawn';
  posted: bigint;
  withdrawn: bigint;
  /** Principal withdrawals and the first day the principal is lower. */
  reductions: { from: IsoDate; cents: bigint }[];
  accruedThrough: IsoDate;
  lastPosted: IsoDate | null;
  /** Reinvested Standard interest and the first day it earns. */
  credits: { from: IsoDate; cents: bigint }[];
  reinvested: bigint;
  /** A rollover's note: the run that made it (and told the investor). */
  rolledOverOn: IsoDate | null;
}

const DAY_BASIS = 365n * 1_000_000n;

/** Sum over each day d with start <= d < until of principal(d) x rate, in cent-millionths x 365. */
function interestNumerator(run: NoteRun, until: IsoDate): bigint {
  // The principal's changes in day order, applied as the day loop reaches them.
  const changes = [
    ...run.reductions.map((reduction) => ({ from: reduction.from, cents: -reduction.cents })),
    ...run.credits.map((credit) => ({ from: credit.from, cents: credit.cents })),
  ].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  let principal = run.note.principalCents;
  let next = 0;
  let total = 0n;
  for (let day = run.note.startDate; day < until; day = addDays(day, 1)) {
    while (next < changes.length && changes[next]!.from <= day) {
      principal += changes[next]!.cents;
      next += 1;
    }
    total += principal * run.note.rateMillionths;
  }
  return total;
}

function roundedCents(numerator: bigint): bigint {
  return (2n * numerator + DAY_BASIS) / (2n * DAY_BASIS);
}

function earningEnd(run: NoteRun): IsoDate | null {
  return run.note.type === 'high_yield' ? run.note.maturityDate : null;
}

function newRun(note: ModelNote): NoteRun {
  return {
    note,
    instructionPending: false,
    status: 'active',
    posted: 0n,
    withdrawn: 0n,
    reductions: [],
    accruedThrough: note.startDate,
    lastPosted: null,
    credits: [],
    reinvested: 0n,
    rolledOverOn: null,
  };
}

/** The first month a choice governs. */
function firstMonthOf(note: ModelNote, choice: ModelReinvestmentChoice): IsoDate {
  return choice.atPurchase ? startOfMonth(note.startDate) : addMonths(startOfMonth(choice.madeOn), 1);
}

/** Whether the note's interest of `period` is credited to it: the last choice made that governs it. */
function reinvestsIn(note: ModelNote, period: IsoDate): boolean {
  if (note.type !== 'standard') return false;
  let governing: { from: IsoDate; reinvest: boolean } | null = null;
  for (const choice of note.reinvestment ?? []) {
    const from = firstMonthOf(note, choice);
    if (from <= period && (governing === null || from >= governing.from)) {
      governing = { from, reinvest: choice.reinvest };
    }
  }
  return governing?.reinvest ?? false;
}

export function runReferenceModel(input: {
  notes: ModelNote[];
  transfers: ModelTransfer[];
  runDates: IsoDate[];
  /**
   * The High-Yield catalogue's versions, oldest first: a rollover takes the best rate of its
   * term offered on the maturity date; a term not offered that day is paid out.
   */
  offers?: readonly ModelOfferVersion[];
  /** Run dates on which the interest job did not run (the other jobs did, in their order). */
  interestMissed?: readonly IsoDate[];
  /** Rollover undo requests, by date (same-day requests in the order given). */
  undos?: ModelUndo[];
  /** Approved early redemptions, first requested first. */
  redemptions?: ModelRedemption[];
  /**
   * Backup withholding (decision 1911): the investors subject to it throughout, and the rate in
   * ten-thousandths (2400 = 24%). Interest paid out (not credited) has that share withheld,
   * rounded half up to the cent on each payment.
   */
  backupWithholding?: { investorKeys: readonly string[]; rateTenThousandths: bigint };
}): ModelResult {
  const withheldInvestors = new Set(input.backupWithholding?.investorKeys ?? []);
  const withholdingRate = input.backupWithholding?.rateTenThousandths ?? 0n;
  /** The withheld part of one payment: amount x rate, half up to the cent (exact in integers). */
  /** The interest a pay-out of a whole note pays: what was posted to it, at most its value. */
  function payoutInterest(run: NoteRun, value: bigint): bigint {
    const interest = run.posted < value ? run.posted : value;
    return interest > 0n ? interest : 0n;
  }
  function withheldFrom(note: ModelNote, amount: bigint, credited: boolean): bigint {
    if (credited || !withheldInvestors.has(note.investorKey)) return 0n;
    return (amount * withholdingRate * 2n + 10_000n) / 20_000n;
  }
  const runs = input.notes.map(newRun);
  /**
   * Whether a note's funding debit has settled before the run on `date`: it settles in the
   * last job (ACH settlement) of the first run on or after its effective date, so the run that
   * settles it is not yet funded when its maturity job acts.
   */
  function fundedBefore(note: ModelNote, date: IsoDate): boolean {
    const due = note.fundingEffectiveDate;
    if (!due) return true;
    return input.runDates.some((run) => run >= due && run < date);
  }
  /** The best High-Yield rate of the term offered on `day`, from the versions in force when it began. */
  function offeredRate(termYears: number, day: IsoDate): bigint | undefined {
    const latest = new Map<string, ModelOfferVersion>();
    for (const version of input.offers ?? []) {
      if (version.changedOn < day) latest.set(version.productKey, version);
    }
    let best: bigint | undefined;
    for (const version of latest.values()) {
      if (version.termYears !== termYears || !version.isActive) continue;
      if (version.availableFrom !== null && version.availableFrom > day) continue;
      if (version.availableUntil !== null && version.availableUntil < day) continue;
      if (best === undefined || version.rateMillionths > best) best = version.rateMillionths;
    }
    return best;
  }
  const missedInterest = new Set(input.interestMissed ?? []);
  const entries: ModelEntry[] = [];
  const transfers = new Map(
    input.transfers.map((transfer) => [transfer.key, 'pending' as 'pending' | 'paid' | 'failed']),
  );

  function post(run: NoteRun, period: IsoDate, coveredUntil: IsoDate, date: IsoDate, closing = false): void {
    const amount = roundedCents(interestNumerator(run, coveredUntil)) - run.posted;
    const reinvest = !closing && reinvestsIn(run.note, period);
    if (amount > 0n) {
      const credited = run.note.type === 'high_yield' || reinvest;
      entries.push({
        noteKey: run.note.key,
        type: 'interest_payment',
        amountCents: amount,
        date,
        period,
        credited,
        withheldCents: withheldFrom(run.note, amount, credited),
      });
      if (reinvest) {
        run.credits.push({ from: coveredUntil, cents: amount });
        run.reinvested += amount;
      }
    }
    run.posted += amount;
    run.lastPosted = period;
  }

  /** Posts the note's periods that ended by `date` (up to `lastPeriod` if given); answers how many. */
  function postEndedMonths(run: NoteRun, date: IsoDate, lastPeriod?: IsoDate): number {
    const end = earningEnd(run);
    let period = run.lastPosted ? addMonths(run.lastPosted, 1) : startOfMonth(run.note.startDate);
    let count = 0;
    while (lastPeriod === undefined || period <= lastPeriod) {
      const next = addMonths(period, 1);
      if (run.note.startDate >= next) break;
      if (end !== null && end <= period) break;
      const coveredUntil = end !== null && end < next ? end : next;
      if (coveredUntil > date) break;
      post(run, period, coveredUntil, date);
      count += 1;
      period = next;
    }
    return count;
  }

  function accrueTo(run: NoteRun, date: IsoDate): void {
    const end = earningEnd(run);
    const target = end !== null && end < date ? end : date;
    if (target > run.accruedThrough) run.accruedThrough = target;
  }

  /**
   * Decision 1310: before money leaves a note of the investor, the months of their active notes
   * that ended before the day are posted, dated the day (a note so posted accrues to the day).
   */
  function postInvestorEndedMonths(investorKey: string, date: IsoDate): void {
    const lastPeriod = addMonths(startOfMonth(date), -1);
    for (const other of runs) {
      if (other.status !== 'active' || other.note.investorKey !== investorKey) continue;
      if (postEndedMonths(other, date, lastPeriod) > 0) accrueTo(other, date);
    }
  }

  function noteValue(run: NoteRun): bigint {
    return (
      run.note.principalCents + (run.note.type === 'high_yield' ? run.posted : run.reinvested) - run.withdrawn
    );
  }

  /**
   * PRODUCT.md 38: at the run that matures it, a note with an instruction is emptied: rolled
   * over into a new note earning from the maturity date at the rate then offered for the term,
   * or (no such term offered, or a pay-out) paid out to the bank that day.
   */
  function carryOutInstruction(run: NoteRun, date: IsoDate): void {
    const instruction = run.note.instruction;
    if (!instruction) return;
    // PRODUCT.md 36: a note's value moves (out, or into a rollover) only once its funding has
    // settled; until then it waits, matured, and the first run after the settlement acts.
    run.instructionPending = !fundedBefore(run.note, date);
    if (run.instructionPending) return;
    postInvestorEndedMonths(run.note.investorKey, date);
    const value = noteValue(run);
    run.withdrawn += value;
    run.status = 'withdrawn';
    const rate =
      instruction.kind === 'roll_over'
        ? offeredRate(instruction.termYears, run.note.maturityDate)
        : undefined;
    if (instruction.kind === 'roll_over' && rate !== undefined) {
      const key = rolloverKey(run.note.key);
      entries.push({ noteKey: run.note.key, type: 'reinvestment', amountCents: value, date, period: null });
      entries.push({ noteKey: key, type: 'reinvestment', amountCents: value, date, period: null });
      const rollover = newRun({
        key,
        investorKey: run.note.investorKey,
        type: 'high_yield',
        principalCents: value,
        rateMillionths: rate,
        startDate: run.note.maturityDate,
        maturityDate: addYears(run.note.maturityDate, instruction.termYears),
        instruction,
        fundingEffectiveDate: null,
      });
      // It earns from the maturity date, so a late run brings it up to date at once, as the
      // interest run of that day would have: months ended before the run are posted (dated
      // that run) and the days before the run accrued. The maturity pass below still visits
      // it: a note the late run finds already matured again rolls over again (chained).
      rollover.rolledOverOn = date;
      bringUpToDate(rollover, date);
      runs.push(rollover);
      return;
    }
    entries.push({
      noteKey: run.note.key,
      type: 'withdrawal',
      amountCents: value,
      date,
      period: null,
      // High-Yield interest is paid out with the value: backup withholding takes its share.
      withheldCents: withheldFrom(run.note, payoutInterest(run, value), false),
    });
  }

  /** The interest run's work on an active note for a run date: ended months posted, days accrued. */
  function bringUpToDate(run: NoteRun, date: IsoDate): void {
    postEndedMonths(run, date);
    accrueTo(run, date);
  }

  /**
   * PRODUCT.md 38, 47: within 10 days of the run that made it a rolled-over note is paid out instead. As
   * before any money leaves a note, the calendar months of all the investor's active notes that
   * ended before the day are posted first (decision 1310; a note posted so accrues to the day),
   * then the note's interest through the day itself (it earns through the payment day, as a
   * transfer does), then its whole value goes to the bank, dated that day.
   */
  function undo(request: ModelUndo): 'undone' | 'refused' {
    const run = runs.find((candidate) => candidate.note.key === rolloverKey(request.noteKey));
    const toldOn = run?.rolledOverOn ?? run?.note.startDate;
    if (!run || !toldOn || run.status !== 'active' || request.date >= addDays(toldOn, 10)) return 'refused';
    postInvestorEndedMonths(run.note.investorKey, request.date);
    const until = addDays(request.date, 1);
    post(run, startOfMonth(request.date), until, request.date);
    if (until > run.accruedThrough) run.accruedThrough = until;
    const value = noteValue(run);
    run.withdrawn += value;
    run.status = 'withdrawn';
    entries.push({
      noteKey: run.note.key,
      type: 'withdrawal',
      amountCents: value,
      date: request.date,
      period: null,
      withheldCents: withheldFrom(run.note, payoutInterest(run, value), false),
    });
    return 'undone';
  }

  const redemptions = new Map(
    (input.redemptions ?? []).map((request) => [request.key, 'approved' as 'approved' | 'paid' | 'failed']),
  );
  const MINIMUM_REMAINING_CENTS = 100_000n;
  const PENALTY_DAYS = 90n;

  function redeem(request: ModelRedemption, date: IsoDate): 'paid' | 'failed' {
    const run = runs.find((candidate) => candidate.note.key === request.noteKey);
    if (!run) return 'failed';
    postInvestorEndedMonths(run.note.investorKey, date);
    if (run.status !== 'active' || date >= run.note.maturityDate || !fundedBefore(run.note, date))
      return 'failed';
    const earning = run.note.principalCents - run.withdrawn + run.reinvested;
    if (!request.isWhole && earning - request.principalCents < MINIMUM_REMAINING_CENTS) return 'failed';
    if (request.isWhole) {
      post(run, startOfMonth(addDays(date, -1)), date, date, true);
      if (date > run.accruedThrough) run.accruedThrough = date;
      const value = noteValue(run);
      // biome-ignore lint/complexity/useMathMinMax: bigint cents; Math.min takes numbers only
      const principal = value < earning ? value : earning;
      const penalty = roundedCents(principal * run.note.rateMillionths * PENALTY_DAYS);
      entries.push({
        noteKey: run.note.key,
        type: 'withdrawal',
        amountCents: value - penalty,
        date,
        period: null,
        // The interest paid with the principal: backup withholding takes its share (decision 1911).
        withheldCents: withheldFrom(run.note, value - principal, false),
      });
      entries.push({
        noteKey: run.note.key,
        type: 'redemption_penalty',
        amountCents: penalty,
        date,
        period: null,
      });
      run.withdrawn += value;
      run.status = 'withdrawn';
      return 'paid';
    }
    const part = request.principalCents;
    const penalty = roundedCents(part * run.note.rateMillionths * PENALTY_DAYS);
    const reducedFrom = date > run.accruedThrough ? date : run.accruedThrough;
    run.reductions.push({ from: reducedFrom, cents: part });
    run.accruedThrough = reducedFrom;
    run.withdrawn += part;
    entries.push({
      noteKey: run.note.key,
      type: 'withdrawal',
      amountCents: part - penalty,
      date,
      period: null,
    });
    entries.push({
      noteKey: run.note.key,
      type: 'redemption_penalty',
      amountCents: penalty,
      date,
      period: null,
    });
    return 'paid';
  }

  const undoRequests = [...(input.undos ?? [])].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
  );
  const undoOutcomes: ('undone' | 'refused')[] = [];
  /** Requests dated before `before` (all, when null), each after the runs of its own day. */
  function undoBefore(before: IsoDate | null): void {
    while (undoOutcomes.length < undoRequests.length) {
      const request = undoRequests[undoOutcomes.length]!;
      if (before !== null && request.date >= before) return;
      undoOutcomes.push(undo(request));
    }
  }

  for (const date of input.runDates) {
    undoBefore(date);
    for (const run of runs) {
      if (run.status !== 'active' || missedInterest.has(date)) continue;
      bringUpToDate(run, date);
    }
    for (const run of runs) {
      if (run.status === 'matured' && run.instructionPending) {
        carryOutInstruction(run, date);
        continue;
      }
      if (run.status !== 'active' || run.note.type !== 'high_yield' || run.note.maturityDate > date) continue;
      postEndedMonths(run, date);
      run.status = 'matured';
      run.accruedThrough = run.note.maturityDate;
      carryOutInstruction(run, date);
    }
    for (const transfer of input.transfers) {
      if (transfers.get(transfer.key) !== 'pending' || transfer.scheduledFor > date) continue;
      const available = runs
        .filter(
          (run) =>
            run.note.investorKey === transfer.investorKey &&
            ((run.note.type === 'standard' && run.status === 'active' && run.note.maturityDate <= date) ||
              (run.note.type === 'high_yield' && run.status === 'matured')),
        )
        .sort((a, b) =>
          a.note.startDate < b.note.startDate ? -1 : a.note.startDate > b.note.startDate ? 1 : 0,
        );
      postInvestorEndedMonths(transfer.investorKey, date);
      const total = available.reduce((sum, run) => sum + noteValue(run), 0n);
      if (transfer.amountCents > total) {
        transfers.set(transfer.key, 'failed');
        continue;
      }
      let owed = transfer.amountCents;
      for (const run of available) {
        if (owed === 0n) break;
        const value = noteValue(run);
        if (value === 0n) continue;
        // biome-ignore lint/complexity/useMathMinMax: bigint cents; Math.min takes numbers only
        const drawn = value < owed ? value : owed;
        owed -= drawn;
        run.withdrawn += drawn;
        entries.push({ noteKey: run.note.key, type: 'withdrawal', amountCents: drawn, date, period: null });
        // biome-ignore lint/complexity/useMathMinMax: ISO date strings; Math.max takes numbers only
        const reducedFrom = addDays(date, 1) > run.accruedThrough ? addDays(date, 1) : run.accruedThrough;
        if (run.note.type === 'standard') {
          // The payment day's interest is accrued with the payment, on the principal before it.
          run.reductions.push({ from: reducedFrom, cents: drawn });
          run.accruedThrough = reducedFrom;
        }
        if (value - drawn === 0n) {
          if (run.note.type === 'standard') {
            post(run, startOfMonth(addDays(reducedFrom, -1)), reducedFrom, date, true);
          }
          run.status = 'withdrawn';
        }
      }
      transfers.set(transfer.key, 'paid');
    }
    for (const request of input.redemptions ?? []) {
      if (redemptions.get(request.key) !== 'approved' || request.paymentDate > date) continue;
      redemptions.set(request.key, redeem(request, date));
    }
  }
  undoBefore(null);

  const notes = new Map<string, ModelNoteState>();
  for (const run of runs) {
    const accrued =
      run.status === 'active'
        ? (interestNumerator(run, run.accruedThrough) * 100n) / 365n - run.posted * 100_000_000n
        : 0n;
    notes.set(run.note.key, {
      status: run.status,
      postedCents: run.posted,
      withdrawnCents: run.withdrawn,
      accruedThrough: run.accruedThrough,
      accruedTenBillionths: accrued,
      valueCents: noteValue(run),
      reinvestedCents: run.reinvested,
    });
  }
  return { notes, entries, transfers, redemptions, undos: undoOutcomes };
}

/** 1e-10 dollar units as the database prints numeric(24,10). */
export function formatTenBillionths(value: bigint): string {
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const scale = 10_000_000_000n;
  return `${negative ? '-' : ''}${absolute / scale}.${(absolute % scale).toString().padStart(10, '0')}`;
}

export function daysHeld(note: ModelNote, until: IsoDate): number {
  return Math.max(0, daysBetween(note.startDate, until));
}
