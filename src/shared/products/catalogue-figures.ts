/**
 * The headline figures of the public pages, read from the live catalogue (GET /api/products)
 * so a product an admin activates shows up everywhere at once (issue 13 item 13): the rate
 * range, the lowest minimum and the High-Yield terms. Nothing here is copy.
 */
import { formatUsdWhole } from '../format/money-format';
import { compareMoney } from '../money/decimal-string';
import type { Product } from './contracts';
import { ratePercent } from './plans';

export interface CatalogueFigures {
  /** "8.00" */
  lowestRatePercent: string;
  /** "10.24" */
  highestRatePercent: string;
  /** "$5,000" */
  lowestMinimum: string;
  /** The High-Yield terms in years, shortest first; empty when no High-Yield note is offered. */
  highYieldTermYears: number[];
}

/** A rate fraction ("0.1024") as whole millionths, for exact comparison. */
function rateMillionths(rateFraction: string): bigint {
  const [whole = '0', fraction = ''] = rateFraction.split('.');
  return BigInt(whole + (fraction + '000000').slice(0, 6));
}

function byRate(left: Product, right: Product): number {
  const difference = rateMillionths(left.interest_rate_annual) - rateMillionths(right.interest_rate_annual);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** The figures of the products on offer, or null when nothing is on offer. */
export function catalogueFigures(products: readonly Product[]): CatalogueFigures | null {
  if (products.length === 0) return null;
  const byRising = [...products].sort(byRate);
  const lowestMinimum = products.reduce((best, product) =>
    compareMoney(product.minimum_purchase_amount, best.minimum_purchase_amount) < 0 ? product : best,
  ).minimum_purchase_amount;
  const highYieldTermYears = [
    ...new Set(
      products
        .filter((product) => product.investment_type === 'high_yield')
        .map((product) => product.term_years),
    ),
  ].sort((left, right) => left - right);
  return {
    lowestRatePercent: ratePercent(byRising[0]!.interest_rate_annual),
    highestRatePercent: ratePercent(byRising[byRising.length - 1]!.interest_rate_annual),
    lowestMinimum: formatUsdWhole(lowestMinimum),
    highYieldTermYears,
  };
}

/** "8.00% to 10.24%", or "8.00%" when every product pays the same. */
export function rateRangeText(figures: CatalogueFigures, separator = ' to '): string {
  return figures.lowestRatePercent === figures.highestRatePercent
    ? `${figures.highestRatePercent}%`
    : `${figures.lowestRatePercent}%${separator}${figures.highestRatePercent}%`;
}

/** "2 to 5 year", "3 year", or null when no High-Yield note is offered. */
export function highYieldTermRangeText(figures: CatalogueFigures): string | null {
  const terms = figures.highYieldTermYears;
  if (terms.length === 0) return null;
  const shortest = terms[0]!;
  const longest = terms[terms.length - 1]!;
  return shortest === longest ? `${shortest} year` : `${shortest} to ${longest} year`;
}
