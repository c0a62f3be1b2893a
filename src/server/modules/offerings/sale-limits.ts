/**
 * The limits every sale of a note meets (issue 26, PRODUCT.md 43): the offering's status and its
 * cap over the rolling 12 months (decision 1931), the circular acknowledged (decision 1932), and
 * in Regulation A Tier 2 the non-accredited investor's 10% limit (decision 1933); in Rule 506(c)
 * only accredited investors buy. A purchase, a conversion and a rollover are each a new sale.
 *
 * `admitSale` runs in the sale's transaction after the investor's row lock and takes the
 * offering's row lock, so concurrent sales of one offering are checked one after the other and
 * can never take it past its cap; `recordSale` then counts the sale in the same transaction.
 */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { AppError } from '../../../shared/errors/app-error';
import { centsToMoney, parseMoneyToCents } from '../../../shared/money/decimal-string';
import {
  needsInvestorProfile,
  offeringMessages,
  profileExpiresOn,
  remainingCents,
  tier2InvestorLimitCents,
  windowStart,
} from '../../../shared/offerings/offering-rules';
import type { Executor } from '../../db/client';
import { decryptField } from '../../security/field-encryption';
import {
  boughtInTier2,
  currentCircular,
  findOffering,
  findOfferingOfProduct,
  hasAcknowledged,
  hasApprovedEvidence,
  findProfile,
  insertRefusal,
  insertSale,
  type OfferingRow,
  type RefusalReason,
  soldInOffering,
} from './repository';

export type SaleKind = 'purchase' | 'conversion' | 'rollover';

export interface SaleRefusal {
  reason: RefusalReason | 'closed' | 'acknowledgement_required' | 'profile_expired';
  message: string;
  /** The most that could still be sold (the amount the message names). */
  allowed: string;
}

export interface SaleStanding {
  offering: OfferingRow;
  /** The circular the investor must acknowledge first (interactive sales only). */
  circularToAcknowledge: { id: string; version: number; file_name: string } | null;
  needsProfile: boolean;
  /** What may still be sold to this investor in this offering today; null when nothing limits it. */
  amountLeftCents: bigint | null;
  limitedBy: 'investor' | 'offering' | null;
  /** A refusal whatever the amount. */
  blocked: SaleRefusal | null;
}

/** The refusal of a sale for a limit, with what it refused; recorded for staff once rolled back. */
export class SaleRefusedError extends AppError {
  readonly refusal: SaleRefusal;
  readonly sale: { investorId: string; offeringId: string; kind: SaleKind; amount: string };

  constructor(refusal: SaleRefusal, sale: SaleRefusedError['sale']) {
    const conflict = refusal.reason === 'acknowledgement_required' || refusal.reason === 'closed';
    super(conflict ? 'conflict' : 'validation_failed', {
      message: refusal.message,
      status: conflict ? 409 : 422,
    });
    this.refusal = refusal;
    this.sale = sale;
  }
}

interface InvestorLimit {
  limitCents: bigint;
  usedCents: bigint;
}

export function decryptMoney(key: Buffer | null, sealed: string | null): string | null {
  if (sealed === null) return null;
  if (key === null) throw new Error('The field encryption key is needed to read an investor profile');
  return decryptField(key, sealed);
}

/** The investor's Tier 2 limit, or null when the investor is not limited (accredited). */
export async function investorTier2Limit(
  db: Executor,
  key: Buffer | null,
  investorId: string,
  today: IsoDate,
): Promise<InvestorLimit | null> {
  const profile = await findProfile(db, investorId);
  if (!profile || profile.is_accredited) return null;
  const limitCents = tier2InvestorLimitCents(
    decryptMoney(key, profile.annual_income_encrypted) ?? '0',
    decryptMoney(key, profile.net_worth_encrypted) ?? '0',
  );
  const usedCents = parseMoneyToCents(await boughtInTier2(db, investorId, windowStart(today), today)) ?? 0n;
  return { limitCents, usedCents };
}

/** Where the investor stands in the offering: what blocks a sale, and how much may still be sold. */
export async function saleStanding(
  db: Executor,
  key: Buffer | null,
  input: { offering: OfferingRow; investorId: string; today: IsoDate; kind: SaleKind },
): Promise<SaleStanding> {
  const { offering, investorId, today, kind } = input;
  const interactive = kind !== 'rollover';
  const standing: SaleStanding = {
    offering,
    circularToAcknowledge: null,
    needsProfile: false,
    amountLeftCents: null,
    limitedBy: null,
    blocked: null,
  };
  // A rollover carries out an instruction given before: a paused or closed offering still
  // renews notes sold in it only when open, like any new sale.
  if (offering.status !== 'open') {
    standing.blocked = { reason: 'closed', message: offeringMessages.closed, allowed: '0.00' };
    return standing;
  }
  if (offering.maximum_per_12_months !== null) {
    const capCents = parseMoneyToCents(offering.maximum_per_12_months) ?? 0n;
    const soldCents =
      parseMoneyToCents(await soldInOffering(db, offering.id, windowStart(today), today)) ?? 0n;
    standing.amountLeftCents = remainingCents(capCents, soldCents);
    standing.limitedBy = 'offering';
  }
  if (interactive) {
    const circular = await currentCircular(db, offering.id);
    if (circular && !(await hasAcknowledged(db, investorId, circular.id))) {
      standing.circularToAcknowledge = {
        id: circular.id,
        version: circular.version,
        file_name: circular.file_name,
      };
    }
  }
  if (!needsInvestorProfile(offering.exemption)) return standing;
  const profile = await findProfile(db, investorId);
  if (!profile) {
    standing.needsProfile = true;
    standing.blocked = {
      reason: 'profile_required',
      message: offeringMessages.profileRequired,
      allowed: '0.00',
    };
    return standing;
  }
  // A rollover relies on the profile on file, however old (decision 1933); a purchase asks again.
  if (interactive && profileExpiresOn(profile.certified_on) <= today) {
    standing.needsProfile = true;
    standing.blocked = {
      reason: 'profile_expired',
      message: offeringMessages.profileExpired,
      allowed: '0.00',
    };
    return standing;
  }
  if (offering.exemption === 'reg_d_506c' && !profile.is_accredited) {
    standing.blocked = { reason: 'not_accredited', message: offeringMessages.notAccredited, allowed: '0.00' };
    return standing;
  }
  if (profile.is_accredited && offering.requires_accreditation_evidence) {
    if (!(await hasApprovedEvidence(db, investorId))) {
      standing.blocked = {
        reason: 'evidence_required',
        message: offeringMessages.evidenceRequired,
        allowed: '0.00',
      };
      return standing;
    }
  }
  if (offering.exemption === 'reg_a_tier_2' && !profile.is_accredited) {
    const limit = await investorTier2Limit(db, key, investorId, today);
    if (limit) {
      const left = remainingCents(limit.limitCents, limit.usedCents);
      if (standing.amountLeftCents === null || left < standing.amountLeftCents) {
        standing.amountLeftCents = left;
        standing.limitedBy = 'investor';
      }
    }
  }
  return standing;
}

/** The refusal of `amount` given the standing, or null when it may be sold. */
export function refusalOf(standing: SaleStanding, amount: string, interactive: boolean): SaleRefusal | null {
  if (standing.blocked) return standing.blocked;
  if (interactive && standing.circularToAcknowledge) {
    return {
      reason: 'acknowledgement_required',
      message: offeringMessages.acknowledgementRequired,
      allowed: '0.00',
    };
  }
  const cents = parseMoneyToCents(amount) ?? 0n;
  if (standing.amountLeftCents !== null && cents > standing.amountLeftCents) {
    const allowed = centsToMoney(standing.amountLeftCents);
    return standing.limitedBy === 'investor'
      ? { reason: 'investor_limit', message: offeringMessages.investorLimit(allowed), allowed }
      : { reason: 'offering_cap', message: offeringMessages.capReached(allowed), allowed };
  }
  return null;
}

/**
 * Checks a sale of `amount` of the product under its offering's lock; throws SaleRefusedError
 * when a limit refuses it. Call after the investor's row lock (the lock order everywhere:
 * investor, then offering). Returns the offering to count the sale in.
 */
export async function admitSale(
  tx: Executor,
  key: Buffer | null,
  input: { productId: string; investorId: string; amount: string; kind: SaleKind; today: IsoDate },
): Promise<{ offeringId: string }> {
  const found = await findOfferingOfProduct(tx, input.productId);
  if (!found) throw new AppError('conflict', { message: offeringMessages.closed });
  const offering = (await findOffering(tx, found.id, true))!;
  const standing = await saleStanding(tx, key, {
    offering,
    investorId: input.investorId,
    today: input.today,
    kind: input.kind,
  });
  const refusal = refusalOf(standing, input.amount, input.kind !== 'rollover');
  if (refusal) {
    throw new SaleRefusedError(refusal, {
      investorId: input.investorId,
      offeringId: offering.id,
      kind: input.kind,
      amount: input.amount,
    });
  }
  return { offeringId: offering.id };
}

export async function recordSale(
  tx: Executor,
  sale: {
    offeringId: string;
    investorId: string;
    investmentId: string;
    kind: SaleKind;
    amount: string;
    soldOn: IsoDate;
    now: Date;
  },
): Promise<void> {
  await insertSale(tx, sale);
}

/** Keeps a refusal for a limit where staff see it (closed offerings and missing steps are not limits). */
export async function keepRefusal(db: Executor, error: SaleRefusedError, now: Date): Promise<void> {
  const reason = error.refusal.reason;
  if (reason === 'closed' || reason === 'acknowledgement_required' || reason === 'profile_expired') return;
  // Before a purchase the form asks for the profile; only a rollover refused for want of one is news.
  if (reason === 'profile_required' && error.sale.kind !== 'rollover') return;
  await insertRefusal(db, {
    ...error.sale,
    amount: parseMoneyToCents(error.sale.amount) === null ? '0.00' : error.sale.amount,
    reason,
    allowed: error.refusal.allowed,
    now,
  });
}

/** Runs a sale; a refusal for a limit is kept (after its transaction rolled back) and passed on. */
export async function keepingRefusals<T>(db: Executor, now: Date, sale: Promise<T>): Promise<T> {
  try {
    return await sale;
  } catch (error) {
    if (error instanceof SaleRefusedError) await keepRefusal(db, error, now);
    throw error;
  }
}
