/**
 * Interest arithmetic shared by the engine's reference checks and the demo seed:
 * simple interest, Actual/365 fixed, on principal, rounded half-up to cents only when
 * posted, with the sub-cent remainder carried (posting k pays
 * round(cumulative through k) - round(cumulative through k-1)).
 */
import { DAY_COUNT_BASIS } from './ledger-model';

const RATE_SCALE = 1_000_000n;

/** "0.094" -> 94000n (millionths). */
export function rateToMillionths(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * RATE_SCALE + BigInt((fraction + '000000').slice(0, 6));
}

/** Interest on principal for a number of days, rounded half-up to whole cents. */
export function cumulativeInterestCents(
  principalCents: bigint,
  rateMillionths: bigint,
  days: number,
): bigint {
  if (days <= 0) return 0n;
  const numerator = principalCents * rateMillionths * BigInt(days);
  const denominator = BigInt(DAY_COUNT_BASIS) * RATE_SCALE;
  return (2n * numerator + denominator) / (2n * denominator);
}

/** Exact (unrounded) interest for a number of days as a decimal string with 10 places. */
export function exactInterest(principalCents: bigint, rateMillionths: bigint, days: number): string {
  const scale = 10n ** 10n;
  const numerator = principalCents * rateMillionths * BigInt(days) * scale;
  const denominator = BigInt(DAY_COUNT_BASIS) * RATE_SCALE * 100n;
  const value = numerator / denominator;
  const whole = value / scale;
  const fraction = (value % scale).toString().padStart(10, '0');
  return `${whole}.${fraction}`;
}
