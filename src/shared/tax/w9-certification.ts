/**
 * The substitute Form W-9 (decision 1910): the certification of Form W-9 (Rev. March 2024),
 * Part II, word for word, which the investor signs for the TIN on file. The version names the
 * text: a new IRS revision gets a new version, and the records say which one was signed.
 */
import { z } from 'zod';
import { tinTypes } from './tin';

export const W9_CERTIFICATION_VERSION = 'w9-rev-2024-03';

export const w9CertificationText = {
  heading: 'Under penalties of perjury, I certify that:',
  items: [
    'The number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me); and',
    'I am not subject to backup withholding because (a) I am exempt from backup withholding, or (b) I have not been notified by the Internal Revenue Service (IRS) that I am subject to backup withholding as a result of a failure to report all interest or dividends, or (c) the IRS has notified me that I am no longer subject to backup withholding; and',
    'I am a U.S. citizen or other U.S. person (defined below); and',
    'The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.',
  ],
  crossOutInstruction:
    'Certification instructions. You must cross out item 2 above if you have been notified by the IRS that you are currently subject to backup withholding because you have failed to report all interest and dividends on your tax return.',
  usPersonDefinition:
    'A U.S. person is a U.S. citizen or U.S. resident alien, among others (see the Form W-9 instructions). If you are not a U.S. person, do not certify: contact us for Form W-8BEN.',
  fatcaNote:
    'Exemption from FATCA reporting code: none. The code applies only to accounts maintained outside the United States, and your account is maintained in the United States.',
  irsNote:
    'The Internal Revenue Service does not require your consent to any provision of this document other than the certifications required to avoid backup withholding.',
} as const;

export const w9CertificationMessages = {
  mustAgree: 'Read the statements and tick the box to certify them',
  noTin: 'Add your tax information first: there is no taxpayer identification number to certify.',
  certified: 'Thank you. Your Form W-9 certification is on file.',
  tinChanged: 'The number you certified is no longer the one on file. Certify again.',
} as const;

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
