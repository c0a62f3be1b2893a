/**
 * For an amount someone is about to invest: a Standard note's monthly income, or a High-Yield
 * note's value at maturity, from the shared interest schedule the engine is held to (issue 17
 * item 4). The purchase form, its review and the public plan cards use these.
 */
import type { IsoDate } from '../dates/calendar-date';
import { formatUsd } from '../format/money-format';
import { firstYearIncome, firstYearReinvested, valueAtMaturity } from '../ledger/interest-schedule';
import { parseMoneyToCents } from '../money/decimal-string';
import { normalisePurchaseAmount } from '../purchases/purchase-rules';
import { maturityDateOf } from './maturity';
import type { InvestmentType } from './plans';

interface FigureProduct {
  investment_type: InvestmentType;
  interest_rate_annual: string;
  term_years: number;
}

/** The amount typed, as two-place dollars, or null while it is not a positive amount. */
export function enteredAmount(amountText: string): string | null {
  const amount = normalisePurchaseAmount(amountText);
  const cents = amount === null ? null : parseMoneyToCents(amount);
  return amount !== null && cents !== null && cents > 0n ? amount : null;
}

export function monthlyIncomeOf(amount: string, rate: string, startDate: IsoDate): string {
  return firstYearIncome({ principal: amount, rate, startDate }).averageMonth;
}

export function maturityValueOf(amount: string, product: FigureProduct, startDate: IsoDate): string {
  return valueAtMaturity({
    principal: amount,
    rate: product.interest_rate_annual,
    startDate,
    maturityDate: maturityDateOf('high_yield', startDate, product.term_years),
  });
}

/** The sentence for an amount, or null while the amount is not one. */
export function amountFigureText(
  product: FigureProduct,
  amountText: string,
  startDate: IsoDate,
  /** Standard: the interest is reinvested in the note (decision 1740), so it compounds instead of being paid out. */
  reinvestInterest = false,
): string | null {
  const amount = enteredAmount(amountText);
  if (amount === null) return null;
  if (product.investment_type === 'standard' && reinvestInterest) {
    const grown = firstYearReinvested({ principal: amount, rate: product.interest_rate_annual, startDate });
    return `${formatUsd(amount)} grows to about ${formatUsd(grown.value)} in 12 months, its interest reinvested.`;
  }
  if (product.investment_type === 'standard') {
    const monthly = monthlyIncomeOf(amount, product.interest_rate_annual, startDate);
    return `${formatUsd(amount)} earns about ${formatUsd(monthly)} a month, paid to your bank.`;
  }
  const years = `${product.term_years} ${product.term_years === 1 ? 'year' : 'years'}`;
  return `${formatUsd(amount)} grows to ${formatUsd(maturityValueOf(amount, product, startDate))} at maturity in ${years}.`;
}
