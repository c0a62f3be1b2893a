/**
 * When a note bought today matures and what a High-Yield note is projected to be worth then,
 * by the engine's rules (PRODUCT.md 13: simple interest, Actual/365 fixed, on principal),
 * so the review a buyer confirms and the note the server writes agree.
 */
import { addMonths, addYears, type IsoDate } from '../dates/calendar-date';
import { valueAtMaturity } from '../ledger/interest-schedule';
import { parseMoneyToCents } from '../money/decimal-string';
import { type InvestmentType, STANDARD_LOCKUP_MONTHS } from './plans';

/** High-Yield: end of term. Standard: end of the 12-month lock-up (Feb 29 + N years = Feb 28). */
export function maturityDateOf(
  investmentType: InvestmentType,
  startDate: IsoDate,
  termYears: number,
): IsoDate {
  return investmentType === 'standard'
    ? addMonths(startDate, STANDARD_LOCKUP_MONTHS)
    : addYears(startDate, termYears);
}

/**
 * A High-Yield note's value at maturity if nothing is withdrawn: the principal plus every
 * monthly posting credited to it through maturity (the shared interest schedule).
 */
export function projectedMaturityValue(input: {
  principal: string;
  rate: string;
  startDate: IsoDate;
  maturityDate: IsoDate;
}): string | null {
  if (parseMoneyToCents(input.principal) === null) return null;
  return valueAtMaturity(input);
}
