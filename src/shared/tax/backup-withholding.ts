/**
 * Backup withholding on interest (26 U.S.C. 3406; PRODUCT.md 41; decisions 1910-1913) and the
 * Form W-9 certification that keeps an investor out of it. The split of one interest payment is
 * here, once, for the money engine, the early-redemption payouts and the reference model's tests.
 */
import { centsToMoney, parseMoneyToCents } from '../money/decimal-string';

/** The statutory rate since 2018 (26 U.S.C. 3406(a)(1), the fourth lowest rate of section 1(c)). */
export const DEFAULT_BACKUP_WITHHOLDING_RATE = '0.24';

/** A rate as the setting takes it: a fraction above 0 and at most 0.5, up to four places. */
export const backupWithholdingRatePattern = /^0?\.(?!0{1,4}$)\d{1,4}$/;

export function isBackupWithholdingRate(value: string): boolean {
  if (!backupWithholdingRatePattern.test(value)) return false;
  return rateInTenThousandths(value) <= 5_000n;
}

function rateInTenThousandths(rate: string): bigint {
  const fraction = rate.split('.')[1] ?? '';
  return BigInt(fraction.padEnd(4, '0'));
}

export interface InterestPaymentSplit {
  /** What goes to the investor's bank: gross less withheld. */
  paid: string;
  /** What goes to the withholding liability (box 4 of the 1099-INT). */
  withheld: string;
}

/**
 * Splits one interest payment (gross, "12.34") into what is paid and what is withheld: withheld =
 * gross x rate rounded half up to the cent, per payment (decision 1911); paid = gross - withheld,
 * so the two always add up to the gross exactly. Pass `rate` null when the investor is not
 * subject to backup withholding: nothing is withheld. The SQL twin in the interest posting is
 * `round(amount * rate, 2)` (numeric rounds half away from zero; amounts are never negative).
 */
export function splitInterestPayment(gross: string, rate: string | null): InterestPaymentSplit {
  const grossCents = parseMoneyToCents(gross);
  if (grossCents === null || grossCents < 0n) throw new Error(`Not an interest amount: ${gross}`);
  if (rate === null) return { paid: centsToMoney(grossCents), withheld: '0.00' };
  if (!isBackupWithholdingRate(rate)) throw new Error(`Not a backup withholding rate: ${rate}`);
  const withheldCents = (grossCents * rateInTenThousandths(rate) * 2n + 10_000n) / 20_000n;
  return { paid: centsToMoney(grossCents - withheldCents), withheld: centsToMoney(withheldCents) };
}

/** Why a payment was withheld from, as the ledger keeps it. */
export const backupWithholdingReasons = ['no_certified_tin', 'certified_subject', 'b_notice'] as const;
export type BackupWithholdingReason = (typeof backupWithholdingReasons)[number];

export const backupWithholdingReasonLabels: Record<BackupWithholdingReason, string> = {
  no_certified_tin: 'No certified taxpayer identification number',
  certified_subject: 'Certified as subject to backup withholding',
  b_notice: 'IRS notice of an incorrect name/TIN combination',
};

/** A rate as people read it: "0.24" -> "24%", "0.2875" -> "28.75%" (no binary floats). */
export function formatRatePercent(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const hundredths = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4) || '0');
  const integer = hundredths / 100n;
  const rest = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${integer}${rest ? `.${rest}` : ''}%`;
}
