/** The 6-digit SMS code of spec 5: non-digits are stripped, submit waits for all six. */
import { formatTimeOfDay } from '../format/date-format';

export const SMS_CODE_LENGTH = 6;

export function sanitizeSmsCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH);
}

export function isCompleteSmsCode(input: string): boolean {
  return new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(input);
}

/** Seconds to wait before another code may be sent to the same number (spec 4 and 9). */
export const SMS_RESEND_WAIT_SECONDS = 60;

/**
 * How a screen ends "We sent a 6-digit code to …" when no new code was sent because the one
 * sent earlier is still valid (decision 1822): " at 2:05 PM. It is still valid, so we did not
 * send another." In the reader's own time zone.
 */
export function stillValidCodeNote(sentAt: string, timeZone: string): string {
  return ` at ${formatTimeOfDay(sentAt, timeZone)}. It is still valid, so we did not send another.`;
}
