/**
 * The substitute Form W-9's words (decision 1910): the certification of Form W-9 (Rev. March
 * 2024), Part II, word for word, its version and its messages. No zod here: the Settings page
 * shows them without loading form code (decision 1411).
 */

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
