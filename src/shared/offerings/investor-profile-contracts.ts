/**
 * The investor profile (issue 26 section 2, decision 1933): accredited or not and the basis
 * (17 CFR 230.501(a)); for a non-accredited investor, annual income and net worth, self-reported.
 */
import { z } from 'zod';
import { parseMoneyToCents } from '../money/decimal-string';
import { isoDateString, moneyString } from '../products/contracts';
import { accreditationBases } from './offering-rules';

const dollars = (label: string) =>
  z
    .string()
    .trim()
    .max(20, `Enter your ${label} in dollars, e.g. 85000`)
    .refine((value) => {
      const cents = parseMoneyToCents(value);
      return cents !== null && cents >= 0n;
    }, `Enter your ${label} in dollars, e.g. 85000`);

export const investorProfileInput = z.discriminatedUnion('is_accredited', [
  z.object({
    is_accredited: z.literal(true),
    accreditation_basis: z.enum(accreditationBases, {
      error: 'Please choose the basis of your accreditation',
    }),
  }),
  z.object({
    is_accredited: z.literal(false),
    annual_income: dollars('annual income'),
    net_worth: dollars('net worth'),
  }),
]);
export type InvestorProfileInput = z.input<typeof investorProfileInput>;

export const investorProfileView = z.object({
  is_accredited: z.boolean(),
  accreditation_basis: z.enum(accreditationBases).nullable(),
  annual_income: moneyString.nullable(),
  net_worth: moneyString.nullable(),
  certified_on: isoDateString,
  /** The profile is asked again from this day. */
  expires_on: isoDateString,
  is_expired: z.boolean(),
});
export type InvestorProfileView = z.infer<typeof investorProfileView>;

export const investorLimitView = z.object({
  /** 10% of the greater of income and net worth; null when the investor is not limited. */
  limit: moneyString.nullable(),
  used_12_months: moneyString,
  left: moneyString.nullable(),
});
export type InvestorLimitView = z.infer<typeof investorLimitView>;

export const evidenceView = z.object({
  id: z.uuid(),
  file_name: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  uploaded_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type EvidenceView = z.infer<typeof evidenceView>;

export const investorProfileResponse = z.object({
  profile: investorProfileView.nullable(),
  limit: investorLimitView,
  evidence: z.array(evidenceView),
});
export type InvestorProfileResponse = z.infer<typeof investorProfileResponse>;

export const evidenceUploadQuery = z.object({
  file_name: z
    .string()
    .trim()
    .min(1, 'A file name is required')
    .max(200, 'The file name is too long')
    .regex(/\.(pdf|png|jpe?g)$/i, 'Upload a PDF, PNG or JPEG file'),
});
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

// ---------------------------------------------------------------- staff side

export const profileHistoryEntry = z.object({
  id: z.number().int(),
  is_accredited: z.boolean(),
  accreditation_basis: z.enum(accreditationBases).nullable(),
  annual_income: moneyString.nullable(),
  net_worth: moneyString.nullable(),
  changed_by: z.enum(['investor', 'staff']),
  proposed_by_email: z.string().nullable(),
  approved_by_email: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

export const limitRefusalView = z.object({
  id: z.number().int(),
  offering_name: z.string(),
  kind: z.enum(['purchase', 'conversion', 'rollover']),
  reason: z.enum([
    'offering_cap',
    'investor_limit',
    'not_accredited',
    'evidence_required',
    'profile_required',
  ]),
  amount: moneyString,
  allowed: moneyString,
  created_at: z.string(),
});

export const profileOverrideView = z.object({
  id: z.uuid(),
  is_accredited: z.boolean(),
  accreditation_basis: z.enum(accreditationBases).nullable(),
  annual_income: moneyString.nullable(),
  net_worth: moneyString.nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  proposed_by_email: z.string(),
  proposed_by_id: z.uuid(),
  decided_by_email: z.string().nullable(),
  created_at: z.string(),
});

export const adminInvestorProfileResponse = z.object({
  profile: investorProfileView.nullable(),
  limit: investorLimitView,
  history: z.array(profileHistoryEntry),
  refusals: z.array(limitRefusalView),
  overrides: z.array(profileOverrideView),
  evidence: z.array(evidenceView),
});
export type AdminInvestorProfileResponse = z.infer<typeof adminInvestorProfileResponse>;

export const profileOverrideRequest = z.object({
  profile: investorProfileInput,
  reason: z
    .string()
    .trim()
    .min(5, 'Give a reason of at least 5 characters')
    .max(500, 'The reason is too long'),
});

export const evidenceReviewRequest = z.object({ status: z.enum(['approved', 'rejected']) });

export const profileMessages = {
  overrideOwn: 'A change you proposed must be approved by another admin.',
  overrideNotPending: 'This change was already decided.',
  noEvidence: 'Evidence not found.',
  unreadableUpload: 'The file is not a PDF, PNG or JPEG.',
  tooLarge: 'The file is larger than 10 MB.',
} as const;
