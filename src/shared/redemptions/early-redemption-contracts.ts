/** Contracts of early redemption (issue 27 section 3): the investor's request and the staff queue. */
import { z } from 'zod';
import { isoDateString, moneyString } from '../products/contracts';
import { investmentTypes } from '../products/plans';

export const earlyRedemptionStatuses = [
  'requested',
  'first_approval',
  'approved',
  'paid',
  'declined',
  'cancelled',
  'failed',
] as const;
export type EarlyRedemptionStatus = (typeof earlyRedemptionStatuses)[number];

/** Requests that still wait for staff or for the payment. */
export const openRedemptionStatuses: readonly EarlyRedemptionStatus[] = [
  'requested',
  'first_approval',
  'approved',
];

export const earlyRedemptionStatusLabels: Record<EarlyRedemptionStatus, string> = {
  requested: 'Waiting for review',
  first_approval: 'Waiting for a second approval',
  approved: 'Approved, to be paid',
  paid: 'Paid',
  declined: 'Declined',
  cancelled: 'Cancelled',
  failed: 'Not paid',
};

export const earlyRedemptionMessages = {
  paused: 'Early redemption requests are paused.',
  notEligible: 'This note can no longer be redeemed early.',
  notFunded: 'This note can be redeemed once its funding has settled.',
  alreadyOpen: 'This note already has an early redemption request.',
  tooSmall: 'The amount is below the smallest part that can be redeemed.',
  leavesTooLittle: 'A partial redemption must leave at least the minimum principal in the note.',
  notPartial: 'This note is too small to redeem in part; redeem it in whole.',
  badAmount: 'Enter an amount in dollars and cents.',
  requestNotFound: 'Early redemption request not found.',
  notCancellable: 'This request can no longer be cancelled.',
  notPending: 'This request is no longer waiting for a decision.',
  sameApprover: 'A second, different admin must approve this request.',
  noBankAccount: 'A verified primary bank account is needed to be paid.',
} as const;

/** A request: the whole note, or part of its principal. */
export const earlyRedemptionRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('whole') }),
  z.object({ kind: z.literal('partial'), amount: z.string().trim().min(1).max(32) }),
]);
export type EarlyRedemptionRequest = z.infer<typeof earlyRedemptionRequest>;

export const earlyRedemptionQuoteQuery = z.object({
  kind: z.enum(['whole', 'partial']),
  amount: z.string().trim().max(32).optional(),
});

/** What the investor sees before sending (decision 1950). */
export const earlyRedemptionQuote = z.object({
  kind: z.enum(['whole', 'partial']),
  /** The day the figures are worked out for: the earliest payment date. */
  redemption_date: isoDateString,
  principal_redeemed: moneyString,
  /** Credited interest paid with the redemption. */
  interest_paid: moneyString,
  penalty: moneyString,
  /** Principal + interest - penalty. */
  amount_paid: moneyString,
  /**
   * Backup withholding (decision 1911) taken from the interest paid, were it paid today: the
   * bank receives amount_paid less this. Zero unless the investor is subject to it.
   */
  backup_withholding: moneyString,
  /** The part of the penalty taken from principal (it is larger than the interest paid with it). */
  penalty_from_principal: moneyString,
  /** Standard interest to the redemption date, paid to the bank as every month's interest is. */
  interest_paid_to_bank: moneyString,
  /** What the amount redeemed would still have earned to maturity or the lock-up end. */
  interest_given_up: moneyString,
  remaining_principal: moneyString,
});
export type EarlyRedemptionQuote = z.infer<typeof earlyRedemptionQuote>;

export const earlyRedemptionRow = z.object({
  id: z.uuid(),
  investment_id: z.uuid(),
  kind: z.enum(['whole', 'partial']),
  principal_amount: moneyString,
  status: z.enum(earlyRedemptionStatuses),
  requested_at: z.string(),
  payment_date: isoDateString.nullable(),
  decline_reason: z.string().nullable(),
  failure_reason: z.string().nullable(),
  redemption_date: isoDateString.nullable(),
  penalty: moneyString.nullable(),
  interest_paid: moneyString.nullable(),
  amount_paid: moneyString.nullable(),
  is_cancellable: z.boolean(),
});
export type EarlyRedemptionRow = z.infer<typeof earlyRedemptionRow>;

/** The note page's early redemption panel. */
export const noteRedemptionResponse = z.object({
  /** Whether the note can be redeemed early today (a Standard note in its lock-up, a High-Yield note before maturity). */
  is_eligible: z.boolean(),
  /** Why not, when it cannot (paused, funding not settled, a request already open, past its term). */
  unavailable_reason: z.string().nullable(),
  paused_message: z.string().nullable(),
  earning_principal: moneyString,
  /** Bounds of a partial redemption; null when the note is too small to split. */
  partial: z.object({ minimum: moneyString, maximum: moneyString }).nullable(),
  penalty_days: z.number().int(),
  requests: z.array(earlyRedemptionRow),
});
export type NoteRedemptionResponse = z.infer<typeof noteRedemptionResponse>;

export const earlyRedemptionIdParams = z.object({ redemptionId: z.uuid() });
export const noteRedemptionParams = z.object({ investmentId: z.uuid() });

// ------------------------------------------------------------------ staff

export const EARLY_REDEMPTIONS_PAGE_SIZE = 20;

export const adminRedemptionListQuery = z.object({
  status: z.enum(['open', ...earlyRedemptionStatuses]).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminRedemptionListQuery = z.infer<typeof adminRedemptionListQuery>;

export const adminRedemptionRow = earlyRedemptionRow.extend({
  /** Place in the first-come-first-served queue (open requests only). */
  queue_position: z.number().int().nullable(),
  investor: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  investment_type: z.enum(investmentTypes),
  interest_rate_annual: z.string(),
  maturity_date: isoDateString,
  /** The figures as of the earliest payment date (open requests). */
  quote: earlyRedemptionQuote.nullable(),
  /** Above the threshold: two different admins approve. */
  needs_two_approvals: z.boolean(),
  first_approved_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  approved_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  declined_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type AdminRedemptionRow = z.infer<typeof adminRedemptionRow>;

export const adminRedemptionListResponse = z.object({
  redemptions: z.array(adminRedemptionRow),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  four_eyes_threshold: moneyString,
  gate: z.object({ paused: z.boolean(), message: z.string() }),
});
export type AdminRedemptionListResponse = z.infer<typeof adminRedemptionListResponse>;

export const adminRedemptionResponse = z.object({ redemption: adminRedemptionRow });

export const declineRedemptionRequest = z.object({ reason: z.string().trim().min(3).max(500) });

/** The platform-wide pause of new requests, with the message investors see. */
export const redemptionGateRequest = z.object({
  paused: z.boolean(),
  message: z.string().trim().max(500).default(''),
});
export const redemptionGateResponse = z.object({ paused: z.boolean(), message: z.string() });
export type RedemptionGate = z.infer<typeof redemptionGateResponse>;
