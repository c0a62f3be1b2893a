/**
 * Money crosses the wire and the database as decimal strings ("5000.00").
 * These helpers do exact arithmetic on them with bigint cents, never binary floats.
 */
const moneyPattern = /^-?\d{1,12}(\.\d{1,2})?$/;

export function isMoneyString(value: string): boolean {
  return moneyPattern.test(value.trim());
}

/** Parses "1,234.5" or "1234.50" into integer cents; returns null when it is not an amount. */
export function parseMoneyToCents(value: string): bigint | null {
  const cleaned = value.trim().replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d*)?$/.test(cleaned) && !/^-?\.\d+$/.test(cleaned)) return null;
  const negative = cleaned.startsWith('-');
  const unsigned = negative ? cleaned.slice(1) : cleaned;
  const [whole = '0', fraction = ''] = unsigned.split('.');
  if (fraction.length > 2) return null;
  if (whole.length > 12) return null;
  const cents = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** Any decimal string ("85.4881830136", exact interest) rounded half away from zero to whole cents. */
export function roundDecimalToCents(value: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal amount: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = fraction.padEnd(3, '0');
  const truncated = BigInt(whole) * 100n + BigInt(padded.slice(0, 2));
  const cents = padded.charAt(2) >= '5' ? truncated + 1n : truncated;
  return sign === '-' ? -cents : cents;
}

export function centsToMoney(cents: bigint): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = absolute / 100n;
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/** Normalises any numeric string from the database ("5000", "5000.5") to two places. */
export function toMoneyString(value: string | number | bigint): string {
  if (typeof value === 'bigint') return centsToMoney(value * 100n);
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  const cents = parseMoneyToCents(text);
  if (cents === null) throw new Error(`Not a money amount: ${text}`);
  return centsToMoney(cents);
}

export function addMoney(...values: string[]): string {
  let total = 0n;
  for (const value of values) {
    const cents = parseMoneyToCents(value);
    if (cents === null) throw new Error(`Not a money amount: ${value}`);
    total += cents;
  }
  return centsToMoney(total);
}

export function compareMoney(left: string, right: string): number {
  const a = parseMoneyToCents(left);
  const b = parseMoneyToCents(right);
  if (a === null || b === null) throw new Error('Not a money amount');
  return a === b ? 0 : a < b ? -1 : 1;
}
