/**
 * The substitute Form W-9 (decision 1910): the certification of Form W-9 (Rev. March 2024),
 * Part II, word for word, which the investor signs for the TIN on file. The version names the
 * text: a new IRS revision gets a new version, and the records say which one was signed.
 */
import { z } from 'zod';
import { tinTypes } from './tin';

import { w9CertificationMessages } from './w9-certification-text';

export {
  W9_CERTIFICATION_VERSION,
  w9CertificationMessages,
  w9CertificationText,
} from './w9-certification-text';

/** What the investor sends: agreement to the whole text, and whether item 2 is crossed out. */
export const w9CertificationSubmission = z.object({
  agree: z.literal(true, { error: w9CertificationMessages.mustAgree }),
  crossOutItem2: z.boolean(),
  /** The version the page showed; a stale page is refused so no one signs a text they did not see. */
  version: z.string().max(40),
});
export type W9CertificationSubmission = z.infer<typeof w9CertificationSubmission>;

export const w9CertificationView = z.object({
  version: z.string(),
  certified_at: z.string(),
  tin_type: z.enum(tinTypes),
  tin_last_four: z.string().regex(/^\d{4}$/),
  legal_name: z.string(),
  subject_to_backup_withholding: z.boolean(),
});
export type W9CertificationView = z.infer<typeof w9CertificationView>;

/**
 * The investor's backup withholding state as the portal shows it: whether the TIN on file is
 * certified (and needs to be), and whether interest is withheld now and why.
 */
export const backupWithholdingStatus = z.object({
  certification: w9CertificationView.nullable(),
  /** A TIN is on file and has no current certification: the banner asks for one. */
  needs_certification: z.boolean(),
  /** Interest paid from today on is withheld from (at `rate`), for the reasons listed. */
  is_withheld: z.boolean(),
  reasons: z.array(z.enum(['no_certified_tin', 'certified_subject', 'b_notice'])),
  rate: z.string(),
  /** Until this day an uncertified TIN is not withheld from (the grace of decision 1912); null when none. */
  grace_until: z.string().nullable(),
  current_version: z.string(),
});
export type BackupWithholdingStatus = z.infer<typeof backupWithholdingStatus>;

export const w9CertificationResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  status: backupWithholdingStatus,
});
export type W9CertificationResponse = z.infer<typeof w9CertificationResponse>;
