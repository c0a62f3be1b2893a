/**
 * The limits an offering carries (PRODUCT.md 43, decisions 1930-1933), as pure rules both the
 * purchase form and the server use.
 * - Regulation A Tier 2: at most $75,000,000 sold in any 12 months (17 CFR 230.251(a)(2)); a
 *   non-accredited natural person buys at most 10% of the greater of annual income and net
 *   worth (17 CFR 230.251(d)(2)(i)(C)).
 * - Regulation A Tier 1: at most $20,000,000 in 12 months (17 CFR 230.251(a)(1)); no investor limit.
 * - Regulation D 506(c): only accredited investors (17 CFR 230.506(c)(2)(i)); no amount cap.
 */
import { addMonths, type IsoDate } from '../dates/calendar-date';
import { centsToMoney, parseMoneyToCents } from '../money/decimal-string';
import { formatUsd } from '../format/money-format';

export const exemptions = ['reg_a_tier_2', 'reg_a_tier_1', 'reg_d_506c', 'none'] as const;
export type Exemption = (typeof exemptions)[number];

export const exemptionLabels: Record<Exemption, string> = {
  reg_a_tier_2: 'Regulation A, Tier 2',
  reg_a_tier_1: 'Regulation A, Tier 1',
  reg_d_506c: 'Regulation D, Rule 506(c)',
  none: 'No exemption set',
};

/** The cap a new offering of the exemption starts with; staff may lower it. */
export const defaultMaximumPer12Months: Record<Exemption, string | null> = {
  reg_a_tier_2: '75000000.00',
  reg_a_tier_1: '20000000.00',
  reg_d_506c: null,
  none: null,
};

export const offeringStatuses = ['open', 'paused', 'closed'] as const;
export type OfferingStatus = (typeof offeringStatuses)[number];
export const offeringStatusLabels: Record<OfferingStatus, string> = {
  open: 'Open',
  paused: 'Paused',
  closed: 'Closed',
};

export const accreditationBases = [
  'income',
  'joint_income',
  'net_worth',
  'professional_licence',
  'entity',
] as const;
export type AccreditationBasis = (typeof accreditationBases)[number];

/** 17 CFR 230.501(a), in the words an investor reads. */
export const accreditationBasisLabels: Record<AccreditationBasis, string> = {
  income: 'Income over $200,000 in each of the last two years, expected again this year',
  joint_income:
    'Joint income with a spouse or spousal equivalent over $300,000 in each of the last two years',
  net_worth: 'Net worth over $1,000,000, not counting my primary residence',
  professional_licence: 'I hold a Series 7, 65 or 82 licence in good standing',
  entity: 'I invest for an entity that is an accredited investor',
};

/** Exemptions where the investor's profile must be on file before buying. */
export function needsInvestorProfile(exemption: Exemption): boolean {
  return exemption === 'reg_a_tier_2' || exemption === 'reg_d_506c';
}

/** A profile is asked again 12 months after it was certified (decision 1933). */
export const PROFILE_VALID_MONTHS = 12;

export function profileExpiresOn(certifiedOn: IsoDate): IsoDate {
  return addMonths(certifiedOn, PROFILE_VALID_MONTHS);
}

/**
 * The first day of the rolling 12 months that end on `today`: a sale made on day D counts up to
 * and including the day before D + 12 months, and rolls off on D + 12 months.
 */
export function windowStart(today: IsoDate): IsoDate {
  const back = addMonths(today, -12);
  // addMonths clamps to the month's end; the window starts the day after.
  const date = new Date(`${back}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * 10% of the greater of annual income and net worth, in cents, rounded down to the cent (a
 * limit is never exceeded by rounding).
 */
export function tier2InvestorLimitCents(annualIncome: string, netWorth: string): bigint {
  const income = parseMoneyToCents(annualIncome) ?? 0n;
  const worth = parseMoneyToCents(netWorth) ?? 0n;
  const greater = income > worth ? income : worth;
  return greater > 0n ? greater / 10n : 0n;
}

export function remainingCents(limitCents: bigint, usedCents: bigint): bigint {
  return limitCents > usedCents ? limitCents - usedCents : 0n;
}

export const offeringMessages = {
  closed: 'This offering is not accepting purchases right now.',
  capReached: (left: string) =>
    left === '0.00'
      ? 'This offering has reached its maximum for the last 12 months. No more notes can be sold in it for now.'
      : `This purchase would take the offering past its maximum for the last 12 months. At most ${formatUsd(left)} can still be sold in it.`,
  investorLimit: (left: string) =>
    left === '0.00'
      ? 'You have reached your Regulation A investment limit for the last 12 months: 10% of the greater of your annual income and net worth.'
      : `This is more than your Regulation A investment limit allows. You can invest at most ${formatUsd(left)} more in the next purchase (10% of the greater of your annual income and net worth, over the last 12 months).`,
  profileRequired: 'Please complete your investor profile before buying in this offering.',
  profileExpired: 'Your investor profile is more than 12 months old. Please confirm it again before buying.',
  notAccredited: 'This offering is open to accredited investors only.',
  evidenceRequired:
    'This offering needs proof of your accredited status. Upload a letter or statement in Settings; we will review it before you can buy.',
  acknowledgementRequired: 'Please read and acknowledge the offering circular before buying.',
  acknowledgementOutdated:
    'The offering circular has changed since you opened it. Please read the current version and acknowledge it.',
} as const;

export function moneyFromCents(cents: bigint): string {
  return centsToMoney(cents);
}
