/** Investment plans: the two product types and what the product promises about them. */
export const investmentTypes = ['standard', 'high_yield'] as const;
export type InvestmentType = (typeof investmentTypes)[number];

export const STANDARD_LOCKUP_MONTHS = 12;
export const MAXIMUM_PURCHASE_AMOUNT = '1000000.00';

export function investmentTypeLabel(type: string): string {
  return type === 'high_yield' ? 'High Yield' : 'Standard';
}

export const planCopy = {
  standard: {
    name: 'Standard income plan',
    shortName: 'Standard',
    tagline: 'More flexible',
    summary:
      'Interest paid monthly to your bank account. 12-month lock-up, then withdraw anytime or keep earning.',
  },
  high_yield: {
    name: 'High-Yield growth plan',
    shortName: 'High-Yield',
    tagline: 'More returns',
    summary:
      'No monthly payouts: your account grows every month. Withdraw or reinvest at the end of the term.',
  },
} as const;

/** Rate fraction ("0.1024") shown as a percent with two decimals ("10.24"). */
export function ratePercent(rateFraction: string): string {
  const [whole = '0', fraction = ''] = rateFraction.split('.');
  const digits = BigInt(whole + (fraction + '000000').slice(0, 6)); // millionths
  const hundredthsOfPercent = (digits + 50n) / 100n; // round half up to 0.01 %
  const integer = hundredthsOfPercent / 100n;
  const cents = (hundredthsOfPercent % 100n).toString().padStart(2, '0');
  return `${integer}.${cents}`;
}

/** Percent text entered by an admin ("10.24") to the stored fraction ("0.1024"). */
export function percentToRateFraction(percent: string): string {
  const [whole = '0', fraction = ''] = percent.trim().split('.');
  const scaled = BigInt(whole || '0') * 10000n + BigInt((fraction + '0000').slice(0, 4));
  const integer = scaled / 1000000n;
  const rest = (scaled % 1000000n).toString().padStart(6, '0').replace(/0+$/, '');
  return rest ? `${integer}.${rest}` : `${integer}`;
}

/**
 * The one total-return figure used on every screen (PRODUCT.md 14):
 * simple interest, rate x term years, one decimal ("10.24%" x 5 -> "51.2").
 */
export function totalReturnPercent(rateFraction: string, termYears: number): string {
  const [whole = '0', fraction = ''] = rateFraction.split('.');
  const millionths = BigInt(whole + (fraction + '000000').slice(0, 6));
  const tenthsOfPercent = (millionths * BigInt(termYears) + 500n) / 1000n;
  return `${tenthsOfPercent / 10n}.${tenthsOfPercent % 10n}`;
}

/** A Standard note has no term: it is open-ended, and locked for its first months. */
export const standardTermText = `Open-ended · ${STANDARD_LOCKUP_MONTHS}-month lock-up`;

/**
 * A product's term as the purchase, conversion and review screens show it: a High-Yield term
 * reads 'N YEAR(S) - rate%' (the spec's term options); a Standard note, whose product carries
 * a one-year term only for its lock-up, reads as open-ended with its lock-up (decision 1830).
 */
export function termLabel(product: {
  investment_type: string;
  term_years: number;
  interest_rate_annual: string;
}): string {
  const rate = `${ratePercent(product.interest_rate_annual)}%`;
  if (product.investment_type === 'standard') return `${standardTermText} · ${rate}`;
  return `${product.term_years} ${product.term_years === 1 ? 'YEAR' : 'YEARS'} - ${rate}`;
}
