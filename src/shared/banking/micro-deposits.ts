/** The two small deposits that prove a manually entered account (spec 4: micro_deposits_pending). */
import { z } from 'zod';
import { bankMessages } from './messages';

export const MICRO_DEPOSIT_MAX_ATTEMPTS = 3;

/** "$0.32", "0.32" or ".32" -> "0.32"; anything else (including "32", which could mean dollars) is refused. */
export function normalizeMicroDepositAmount(value: string): string | null {
  const match = /^\$?\s*0?\.(\d{2})$/.exec(value.trim());
  if (!match?.[1] || match[1] === '00') return null;
  return `0.${match[1]}`;
}

const amount = z.string({ error: bankMessages.microDepositAmount }).transform((value, context) => {
  const normalized = normalizeMicroDepositAmount(value);
  if (!normalized) {
    context.addIssue({ code: 'custom', message: bankMessages.microDepositAmount });
    return z.NEVER;
  }
  return normalized;
});

export const verifyMicroDepositsRequest = z.object({ amount_1: amount, amount_2: amount });
export type VerifyMicroDepositsRequest = z.input<typeof verifyMicroDepositsRequest>;

/** The deposits may be entered in either order. */
export function microDepositsMatch(entered: [string, string], sent: [string, string]): boolean {
  const sortedEntered = [...entered].sort();
  const sortedSent = [...sent].sort();
  return sortedEntered[0] === sortedSent[0] && sortedEntered[1] === sortedSent[1];
}
