import { parseMoneyToCents } from '../money/decimal-string';

const withCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

function centsOf(value: string): bigint {
  return parseMoneyToCents(value) ?? 0n;
}

/** "$12,345.67": the investor-facing format (en-US, two decimals). */
export function formatUsd(value: string): string {
  const cents = centsOf(value);
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = absolute / 100n;
  const fraction = Number(absolute % 100n) / 100;
  const text = withCents.format(Number(whole) + fraction);
  return negative ? `-${text}` : text;
}

/** "$12,346": admin lists and dashboard cards (no decimals, half-up). */
export function formatUsdWhole(value: string): string {
  const cents = centsOf(value);
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const rounded = (absolute + 50n) / 100n;
  const text = wholeDollars.format(Number(rounded));
  return negative ? `-${text}` : text;
}

/** "$5K" for the purchase heading's minimum in thousands. */
export function formatThousands(value: string): string {
  const cents = centsOf(value);
  const thousands = Number(cents / 100n) / 1000;
  return `$${Number.isInteger(thousands) ? thousands : thousands.toFixed(1)}K`;
}
