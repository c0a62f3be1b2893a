import { parseMoneyToCents } from '../money/decimal-string';
import { groupThousands } from './en-us-text';

function centsOf(value: string): bigint {
  return parseMoneyToCents(value) ?? 0n;
}

/** "$12,345.67": the investor-facing format (en-US, two decimals), exact at any size. */
export function formatUsd(value: string): string {
  const cents = centsOf(value);
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  const text = `$${groupThousands(absolute / 100n)}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** "$12,346": admin lists and dashboard cards (no decimals, half-up). */
export function formatUsdWhole(value: string): string {
  const cents = centsOf(value);
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const text = `$${groupThousands((absolute + 50n) / 100n)}`;
  return negative ? `-${text}` : text;
}

/** "$5K" for the purchase heading's minimum in thousands. */
export function formatThousands(value: string): string {
  const cents = centsOf(value);
  const thousands = Number(cents / 100n) / 1000;
  return `$${Number.isInteger(thousands) ? thousands : thousands.toFixed(1)}K`;
}
