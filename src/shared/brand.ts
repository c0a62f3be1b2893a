export const DEFAULT_BRAND_NAME = 'Steadyline';
export const COPYRIGHT_YEAR = 2025;
export const MEMBER_SINCE_FALLBACK_YEAR = 2025;
export const NAME_FALLBACK = 'Investor';

export const disclaimerText =
  'is not a bank, broker-dealer or investment advisor. Investments are not FDIC insured and are not bank guaranteed. You may lose some or all of the principal you invest. Past performance is no guide to future results.';
