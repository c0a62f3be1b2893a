/**
 * Bank account numbers as shown and checked, without the manual-entry form's zod rules (bank-account-numbers.ts), for the web app's read-only code (decision 1411).
 */

export const bankNumberMessages = {
  routingNumber: 'Enter a valid 9-digit routing number',
  accountNumber: 'Enter a valid account number (4 to 17 digits)',
  accountNumbersDiffer: 'Account numbers do not match',
  accountType: 'Choose checking or savings',
} as const;

/** ABA routing numbers carry a check digit: 3*(d1+d4+d7) + 7*(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = digits.reduce((total, digit, index) => total + digit * weights[index]!, 0);
  return sum % 10 === 0;
}

export const bankAccountTypes = ['checking', 'savings'] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];

/** "••••6789": the only form in which an account number is ever shown. */
export function maskedAccount(lastFour: string): string {
  return `••••${lastFour}`;
}
