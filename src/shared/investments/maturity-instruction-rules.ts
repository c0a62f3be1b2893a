/**
 * Maturity instructions (issue 17 item 1, PRODUCT.md 38): what happens to a High-Yield note
 * when it matures. Chosen at purchase, changeable in the portal until the maturity date.
 * The rules and labels without zod, so read-only portal pages do not load it (decision 1411).
 */
import { addDays, type IsoDate } from '../dates/calendar-date';

export const maturityInstructionKinds = ['pay_out', 'roll_over'] as const;
export type MaturityInstructionKind = (typeof maturityInstructionKinds)[number];

/** The choice as the API and the forms carry it (the zod schema is in maturity-instruction.ts). */
export type MaturityInstruction = { kind: 'pay_out' } | { kind: 'roll_over'; term_years: number };

export const DEFAULT_MATURITY_INSTRUCTION: MaturityInstruction = { kind: 'pay_out' };

/** Days before maturity on which the investor is reminded of the instruction. */
export const MATURITY_REMINDER_DAYS = [30, 7] as const;

/**
 * A rollover can be undone (paid out instead) for this many days from the day the investor is
 * told it happened (the run that made it), never fewer: a run days after the maturity date
 * does not shorten the window (PRODUCT.md 47).
 */
export const ROLLOVER_UNDO_DAYS = 10;

export function rolloverUndoDeadline(rolledOverOn: IsoDate): IsoDate {
  return addDays(rolledOverOn, ROLLOVER_UNDO_DAYS);
}

/** The last day the rollover can be undone (inclusive). */
export function lastUndoDay(rolledOverOn: IsoDate): IsoDate {
  return addDays(rolledOverOn, ROLLOVER_UNDO_DAYS - 1);
}

export function canUndoRollover(input: {
  origin: string;
  status: string;
  /** The day the run that made the rollover told the investor. */
  rolledOverOn: IsoDate;
  today: IsoDate;
}): boolean {
  return (
    input.origin === 'rollover' &&
    input.status === 'active' &&
    input.today < rolloverUndoDeadline(input.rolledOverOn)
  );
}

/** The instruction can be changed until the maturity date (not on it: the maturity run may already have acted). */
export function canChangeInstruction(input: {
  investmentType: string;
  status: string;
  maturityDate: IsoDate;
  today: IsoDate;
}): boolean {
  return (
    input.investmentType === 'high_yield' && input.status === 'active' && input.today < input.maturityDate
  );
}

export function maturityInstructionLabel(instruction: MaturityInstruction | null): string {
  if (instruction === null) return 'Held until you transfer or convert it';
  if (instruction.kind === 'pay_out') return 'Pay out to my bank account on the maturity date';
  return `Roll over into a new ${instruction.term_years}-year High-Yield note at the rate then offered`;
}

/** From the two columns of investments. */
export function instructionOf(kind: string | null, termYears: number | null): MaturityInstruction | null {
  if (kind === 'pay_out') return { kind: 'pay_out' };
  if (kind === 'roll_over' && termYears !== null) return { kind: 'roll_over', term_years: termYears };
  return null;
}

export const maturityInstructionMessages = {
  notChangeable: 'This note’s maturity instruction can no longer be changed.',
  termUnavailable: 'Choose a High-Yield term that is offered today.',
  notUndoable: 'This rollover can no longer be undone.',
  saved: 'Maturity instruction saved.',
  undone: 'Rollover undone: the note is being paid out to your bank account.',
  noBankAccount: 'Link a verified bank account before choosing a payout.',
} as const;
