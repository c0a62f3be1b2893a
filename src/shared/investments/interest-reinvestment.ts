/**
 * Interest reinvestment for Standard notes (issue 17 item 2, decision 1740): per note, opt-in
 * (off by default). A reinvesting note's monthly interest is credited to it instead of paid to
 * the bank, and earns from the first day of the next month, so it compounds. A choice made on
 * any day of month M governs the postings of month M + 1 onwards (the interest earned in M + 1,
 * posted at its end); the choice made at purchase governs the note from its first month.
 * Without zod: the public plan cards and the overview read these rules (the request's schema
 * is in note-detail-contracts.ts).
 */
import { addMonths, type IsoDate, startOfMonth } from '../dates/calendar-date';
import { formatMonthYear } from '../format/long-date';

/** One recorded choice: from `effectivePeriod` (a month's first day) on, until a later one. */
export interface ReinvestmentChoice {
  effectivePeriod: IsoDate;
  reinvest: boolean;
}

/** The first month a choice made on `changedOn` governs: the month after. */
export function reinvestmentEffectivePeriod(changedOn: IsoDate): IsoDate {
  return addMonths(startOfMonth(changedOn), 1);
}

/**
 * Whether the posting of `period` is credited to the note: the choice with the latest
 * effective period on or before it (recorded order breaks ties: the later one wins).
 * No choice: off (the default).
 */
export function reinvestsInPeriod(choices: readonly ReinvestmentChoice[], period: IsoDate): boolean {
  let current: ReinvestmentChoice | null = null;
  for (const choice of choices) {
    if (choice.effectivePeriod > period) continue;
    if (current === null || choice.effectivePeriod >= current.effectivePeriod) current = choice;
  }
  return current?.reinvest ?? false;
}

/** What the note page and overview say about a note's choice on `today`. */
export interface ReinvestmentStatus {
  /** The choice governing this month's interest. */
  reinvestsThisMonth: boolean;
  /** The latest choice (what the investor asked for). */
  chosen: boolean;
  /** When the latest choice differs from this month's: the first month it governs. */
  changesFrom: IsoDate | null;
}

export function reinvestmentStatus(
  choices: readonly ReinvestmentChoice[],
  today: IsoDate,
): ReinvestmentStatus {
  const thisMonth = startOfMonth(today);
  const reinvestsThisMonth = reinvestsInPeriod(choices, thisMonth);
  const latest = choices.reduce<ReinvestmentChoice | null>(
    (found, choice) => (found === null || choice.effectivePeriod >= found.effectivePeriod ? choice : found),
    null,
  );
  const chosen = latest?.reinvest ?? false;
  return {
    reinvestsThisMonth,
    chosen,
    changesFrom: chosen !== reinvestsThisMonth && latest ? latest.effectivePeriod : null,
  };
}

export function reinvestmentStatusLine(status: ReinvestmentStatus): string {
  const now = status.reinvestsThisMonth
    ? 'Reinvests interest: monthly interest is added to this note and compounds'
    : 'Interest paid monthly to your bank account';
  if (status.changesFrom === null) return now;
  return `${now}. From ${formatMonthYear(status.changesFrom)} interest ${status.chosen ? 'is reinvested in the note' : 'is paid to your bank account'}.`;
}

export const interestReinvestmentMessages = {
  notStandard: 'Only Standard notes can reinvest their interest.',
  notActive: 'This note no longer earns interest.',
  savedOn: 'Interest reinvestment switched on: it starts with next month’s interest.',
  savedOff: 'Interest reinvestment switched off: interest goes to your bank account from next month.',
} as const;
