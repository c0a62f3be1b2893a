/**
 * Early redemption (PRODUCT.md 44, agreement section 7, decisions 1950-1951): the figures an
 * investor sees before asking and the figures the payment posts, from one set of rules.
 *
 * - Penalty: 90 days' interest on the principal redeemed, by the engine's own day count (simple
 *   interest, Actual/365 fixed, half-up to the cent: one 90-day period of the shared schedule).
 * - Amount paid: principal redeemed + interest accrued and unpaid to the redemption date that is
 *   paid with it (credited interest: High-Yield, and a Standard note's reinvested interest, on a
 *   whole redemption) - penalty. A penalty larger than that interest comes out of principal.
 * - Interest given up: what the principal redeemed would still have earned from the redemption
 *   date to the note's maturity (High-Yield) or lock-up end (Standard), by the shared schedule.
 */
import { addBusinessDays } from '../dates/business-days';
import type { IsoDate } from '../dates/calendar-date';
import { cumulativeInterestCents, rateToMillionths } from '../ledger/interest';
import { interestSchedule, totalPosted } from '../ledger/interest-schedule';
import { centsToMoney, parseMoneyToCents } from '../money/decimal-string';

export const PENALTY_DAYS = 90;
/** The smallest part of a note that can be redeemed. */
export const MINIMUM_REDEMPTION = '100.00';
/** A partial redemption leaves at least this much principal earning (decision 1950). */
export const MINIMUM_REMAINING_PRINCIPAL = '1000.00';

function cents(amount: string): bigint {
  const value = parseMoneyToCents(amount);
  if (value === null) throw new RangeError(`Not an amount: ${amount}`);
  return value;
}

/** 90 days' interest on the principal redeemed, Actual/365 fixed, half-up to the cent. */
export function earlyRedemptionPenalty(principalRedeemed: string, rate: string): string {
  return centsToMoney(
    cumulativeInterestCents(cents(principalRedeemed), rateToMillionths(rate), PENALTY_DAYS),
  );
}

/** Interest the principal redeemed would have earned from the redemption date to the end date. */
export function interestGivenUp(input: {
  principalRedeemed: string;
  rate: string;
  redemptionDate: IsoDate;
  endDate: IsoDate;
}): string {
  if (input.endDate <= input.redemptionDate) return '0.00';
  return totalPosted(
    interestSchedule({
      principal: input.principalRedeemed,
      rate: input.rate,
      startDate: input.redemptionDate,
      endDate: input.endDate,
    }),
  );
}

export interface RedemptionPayout {
  principal: string;
  /**
   * The interest paid with the redemption. Merge note (issue 27, branch w9): backup withholding
   * splits this figure, and only this one, into paid and withheld parts.
   */
  interest: string;
  penalty: string;
  /** principal + interest - penalty. */
  paid: string;
  /** The penalty is larger than the interest paid with it, so part comes out of principal. */
  penaltyFromPrincipal: string;
}

/**
 * The one place a redemption's payout is worked out (the quote, the payment and the tests
 * all call it), so the interest part is split for backup withholding in one line at merge.
 */
export function redemptionPayout(input: {
  principal: string;
  interest: string;
  penalty: string;
}): RedemptionPayout {
  const principal = cents(input.principal);
  const interest = cents(input.interest);
  const penalty = cents(input.penalty);
  const fromPrincipal = penalty > interest ? penalty - interest : 0n;
  return {
    principal: centsToMoney(principal),
    interest: centsToMoney(interest),
    penalty: centsToMoney(penalty),
    paid: centsToMoney(principal + interest - penalty),
    penaltyFromPrincipal: centsToMoney(fromPrincipal),
  };
}

/** The payment date set on approval: the next business day (decision 1952). */
export function redemptionPaymentDate(approvedOn: IsoDate): IsoDate {
  return addBusinessDays(approvedOn, 1);
}

/**
 * The principal a whole redemption redeems: the note's earning principal, or its value when a
 * debit adjustment left less; the rest of the value (credited interest) is paid as interest.
 */
export function wholeRedemptionPrincipal(input: { value: string; earning: string }): string {
  const value = cents(input.value);
  const earning = cents(input.earning);
  // biome-ignore lint/complexity/useMathMinMax: bigint cents; Math.min takes numbers only
  return centsToMoney(value < earning ? value : earning);
}

/**
 * Bounds of a partial redemption of a note with `earning` principal: at least the minimum, and
 * leaving at least the minimum remaining; a whole redemption is always allowed.
 */
export function partialRedemptionBounds(earning: string): { minimum: string; maximum: string } | null {
  const maximum = cents(earning) - cents(MINIMUM_REMAINING_PRINCIPAL);
  if (maximum < cents(MINIMUM_REDEMPTION)) return null;
  return { minimum: MINIMUM_REDEMPTION, maximum: centsToMoney(maximum) };
}
