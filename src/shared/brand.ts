export const DEFAULT_BRAND_NAME = 'Steadyline';
/** The copyright line's year: the current year on the reader's clock, never a year in the copy (PRODUCT.md 33). */
export function copyrightYear(now: Date = new Date()): number {
  return now.getFullYear();
}
export const MEMBER_SINCE_FALLBACK_YEAR = 2025;
export const NAME_FALLBACK = 'Investor';

export const disclaimerText =
  'is not a bank, broker-dealer or investment advisor. Investments are not FDIC insured and are not bank guaranteed. You may lose some or all of the principal you invest. Past performance is no guide to future results.';
