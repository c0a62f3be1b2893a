/**
 * Taxpayer identification numbers of individuals (what a 1099-INT recipient gives): a Social
 * Security number or an IRS individual TIN. Both are nine digits; these are the published
 * structural rules, checked on the web form and again on the server. Only the last four
 * digits of either are ever shown.
 */
export const TIN_DIGITS = 9;
export const tinTypes = ['ssn', 'itin'] as const;
export type TinType = (typeof tinTypes)[number];

export const tinLabels: Record<TinType, { short: string; long: string }> = {
  ssn: { short: 'SSN', long: 'Social Security number' },
  itin: { short: 'ITIN', long: 'Individual taxpayer identification number' },
};

export const tinMessages = {
  ssnLength: 'Valid SSN is required (9 digits)',
  ssnNumbering:
    'This is not a valid SSN: it cannot start with 000, 666 or 9, and its middle two or last four digits cannot be all zeros',
  itinLength: 'Valid ITIN is required (9 digits)',
  itinNumbering:
    'This is not a valid ITIN: it starts with 9 and its 4th and 5th digits are 50-65, 70-88, 90-92 or 94-99',
} as const;

/** Digits only, at most nine: what a TIN field holds whatever was typed or pasted. */
export function tinDigitsOf(value: string): string {
  return value.replace(/\D/g, '').slice(0, TIN_DIGITS);
}

/** Formats as the user types: "1234" -> "123-4", "123456789" -> "123-45-6789". */
export function formatTinInput(value: string): string {
  const digits = tinDigitsOf(value);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

const nineDigits = /^\d{9}$/;

/** SSA numbering: area not 000, 666 or 900-999; group not 00; serial not 0000. */
export function isValidSsn(digits: string): boolean {
  if (!nineDigits.test(digits)) return false;
  const area = digits.slice(0, 3);
  if (area === '000' || area === '666' || area.startsWith('9')) return false;
  return digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000';
}

/** IRS numbering: starts with 9; the 4th and 5th digits are 50-65, 70-88, 90-92 or 94-99. */
export function isValidItin(digits: string): boolean {
  if (!nineDigits.test(digits) || !digits.startsWith('9')) return false;
  const group = Number(digits.slice(3, 5));
  return (
    (group >= 50 && group <= 65) ||
    (group >= 70 && group <= 88) ||
    (group >= 90 && group <= 92) ||
    (group >= 94 && group <= 99)
  );
}

/** The problem with a TIN of this type, or null when it is valid. */
export function tinProblem(type: TinType, digits: string): string | null {
  if (type === 'ssn') {
    if (!nineDigits.test(digits)) return tinMessages.ssnLength;
    return isValidSsn(digits) ? null : tinMessages.ssnNumbering;
  }
  if (!nineDigits.test(digits)) return tinMessages.itinLength;
  return isValidItin(digits) ? null : tinMessages.itinNumbering;
}

/** "SSN ending 6789": the only way a TIN on file is ever described. */
export function describeTinOnFile(type: TinType, lastFour: string): string {
  return `${tinLabels[type].short} ending ${lastFour}`;
}
