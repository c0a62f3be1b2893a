/**
 * The back office's side of backup withholding (decision 1913): B notices staff record and
 * resolve on the investor detail, the investor's withholding state, and the year's total for
 * Form 945.
 */
import { z } from 'zod';
import { calendarDate } from '../dates/date-schemas';
import { backupWithholdingReasons } from './backup-withholding';
import { backupWithholdingStatus } from './w9-certification';

export const bNoticeKinds = ['first', 'second'] as const;
export const bNoticeResolutions = [
  'certified_tin_received',
  'irs_or_ssa_validation',
  'recorded_in_error',
] as const;
export type BNoticeResolution = (typeof bNoticeResolutions)[number];

export const bNoticeKindLabels: Record<(typeof bNoticeKinds)[number], string> = {
  first: 'First B notice',
  second: 'Second B notice',
};

export const bNoticeResolutionLabels: Record<BNoticeResolution, string> = {
  certified_tin_received: 'New certified TIN received (Form W-9)',
  irs_or_ssa_validation: 'TIN validated by the SSA (Form SSA-7028) or the IRS (Letter 147C)',
  recorded_in_error: 'Recorded in error',
};

export const recordBNoticeRequest = z.object({
  kind: z.enum(bNoticeKinds, { error: 'Choose first or second B notice' }),
  received_on: calendarDate(),
});
export type RecordBNoticeRequest = z.infer<typeof recordBNoticeRequest>;

export const resolveBNoticeRequest = z.object({
  resolution: z.enum(bNoticeResolutions, { error: 'Choose how the notice was resolved' }),
  note: z.string().trim().max(500).optional(),
});
export type ResolveBNoticeRequest = z.infer<typeof resolveBNoticeRequest>;

export const bNoticeParams = z.object({ id: z.uuid(), noticeId: z.uuid() });

export const bNoticeView = z.object({
  id: z.string(),
  kind: z.enum(bNoticeKinds),
  received_on: z.string(),
  recorded_at: z.string(),
  recorded_by: z.string(),
  resolution: z.enum(bNoticeResolutions).nullable(),
  resolution_note: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
});
export type BNoticeView = z.infer<typeof bNoticeView>;

export const adminBackupWithholdingResponse = z.object({
  status: backupWithholdingStatus,
  notices: z.array(bNoticeView),
  withheld_this_year: z.string(),
  year: z.number().int(),
});
export type AdminBackupWithholdingResponse = z.infer<typeof adminBackupWithholdingResponse>;

export const form945Query = z.object({ year: z.coerce.number().int().min(1900).max(2199) });

export const form945Row = z.object({
  investor_id: z.string(),
  name: z.string(),
  tin_last_four: z.string().nullable(),
  payments: z.number().int(),
  interest_amount: z.string(),
  withheld: z.string(),
  reasons: z.array(z.enum(backupWithholdingReasons)),
});

export const form945Response = z.object({
  year: z.number().int(),
  /** Form 945 line 1 (backup withholding) for the year: every withheld part, net of reversals. */
  total_withheld: z.string(),
  interest_amount: z.string(),
  payments: z.number().int(),
  by_month: z.array(z.object({ month: z.string(), withheld: z.string() })),
  investors: z.array(form945Row),
});
export type Form945Response = z.infer<typeof form945Response>;
