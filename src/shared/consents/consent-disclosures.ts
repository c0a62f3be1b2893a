/**
 * The two consents to electronic delivery (PRODUCT.md 41-42, decisions 1920-1922) and the
 * disclosures shown before each is given. Each text has a version: changing what a disclosure
 * says (its hardware and software needs above all) means a new version, and a consent given
 * to an older version is no longer current, so the investor is asked again.
 */

export const consentKinds = ['electronic_records', 'tax_forms'] as const;
export type ConsentKind = (typeof consentKinds)[number];

/** The ESIGN disclosure (15 U.S.C. 7001(c)) the current consent to electronic records must name. */
export const ELECTRONIC_RECORDS_DISCLOSURE_VERSION = 'ESIGN-2026-11';
/** The disclosure for electronic tax forms (IRS rules for electronic recipient statements). */
export const TAX_FORMS_DISCLOSURE_VERSION = 'TAX-EDELIVERY-2026-11';

export const currentDisclosureVersion: Record<ConsentKind, string> = {
  electronic_records: ELECTRONIC_RECORDS_DISCLOSURE_VERSION,
  tax_forms: TAX_FORMS_DISCLOSURE_VERSION,
};

export interface DisclosureSection {
  heading: string;
  paragraphs: string[];
}

export interface DisclosureIssuer {
  brandName: string;
  supportEmail: string;
  postalAddress: string;
}

/** What the browser and the PDF need to open electronic records (one list for both disclosures). */
export const hardwareAndSoftware = [
  'A computer, tablet or phone with internet access.',
  'A current version of Chrome, Edge, Firefox or Safari with cookies and JavaScript turned on.',
  'Software that opens PDF files (every current browser does), and a printer or storage to keep a copy.',
  'An e-mail address you can read, which you keep current in Settings.',
];

export function electronicRecordsDisclosure(issuer: DisclosureIssuer): DisclosureSection[] {
  const company = `${issuer.brandName} Notes LLC`;
  return [
    {
      heading: 'What you are agreeing to',
      paragraphs: [
        `${company} gives you the records of your account electronically: note agreements and the debit authorisations you sign, promissory notes, monthly statements, confirmations, notices about your notes and payments, and any other record the law requires us to give you in writing. This consent covers all of those records for as long as you hold an account, until you withdraw it. Tax forms are covered by a separate consent.`,
        'We make them available in your account (Documents, Notifications) and tell you by e-mail when a new one is ready.',
      ],
    },
    {
      heading: 'Paper copies',
      paragraphs: [
        `You may ask for a paper copy of any record at any time, free of charge: use "Request a paper copy" on the Documents page or write to ${issuer.supportEmail}. We mail it to the address in your tax information.`,
      ],
    },
    {
      heading: 'Withdrawing your consent',
      paragraphs: [
        'You may withdraw this consent at any time in Settings, free of charge. Your account stays open and your notes keep earning; from then on we mail your statements and notices to you on paper, which takes longer than e-mail.',
        'Signing a new note agreement is done electronically, so to buy or convert a note after withdrawing you will be asked to consent again for that agreement.',
      ],
    },
    {
      heading: 'Keeping your contact details current',
      paragraphs: [
        `Change your e-mail address or phone number in Settings, and your postal address in Settings under Tax information. You can also write to ${issuer.supportEmail} or to ${issuer.postalAddress}.`,
      ],
    },
    {
      heading: 'What you need',
      paragraphs: hardwareAndSoftware,
    },
    {
      heading: 'If these requirements change',
      paragraphs: [
        'If we change what you need to open your records, we tell you first, and you may withdraw without any fee. You will be asked to consent again to the new terms.',
      ],
    },
  ];
}

export function taxFormsDisclosure(issuer: DisclosureIssuer): DisclosureSection[] {
  return [
    {
      heading: 'Paper unless you agree',
      paragraphs: [
        'If you do not consent, we mail your Form 1099-INT to you on paper, by January 31 of the year after the tax year. Electronic tax forms are optional.',
      ],
    },
    {
      heading: 'What this consent covers, and for how long',
      paragraphs: [
        'Every Form 1099-INT (and any corrected form) we furnish to you for this and every later tax year, until you withdraw this consent.',
      ],
    },
    {
      heading: 'Getting a paper copy anyway',
      paragraphs: [
        `After you consent you can still ask for a paper copy of any tax form, free of charge: use "Request a paper copy" on the Documents page or write to ${issuer.supportEmail}. Asking for a paper copy does not withdraw your consent.`,
      ],
    },
    {
      heading: 'Withdrawing your consent',
      paragraphs: [
        `Withdraw at any time in Settings, or by writing to ${issuer.supportEmail} or ${issuer.postalAddress}. Withdrawing takes effect for forms not yet furnished: a form already made available to you stays available, and you can still ask for a paper copy of it. We confirm a withdrawal in writing.`,
      ],
    },
    {
      heading: 'When we would stop furnishing forms electronically',
      paragraphs: [
        'If you withdraw, if your account is closed, or if we stop offering electronic tax forms, we furnish your forms on paper.',
      ],
    },
    {
      heading: 'Keeping your details current',
      paragraphs: [
        'Change your e-mail address in Settings and your postal address in Settings under Tax information; a form is mailed to the address on file when it is issued.',
      ],
    },
    {
      heading: 'What you need to open, print and keep your forms',
      paragraphs: hardwareAndSoftware,
    },
    {
      heading: 'How long forms stay available',
      paragraphs: [
        'Each form stays on the Documents page at least until October 15 of the year after the tax year it reports, and in practice for as long as you hold an account. We e-mail you when a form is ready.',
      ],
    },
  ];
}

export const consentMessages = {
  electronicRecordsRequired:
    'Please consent to electronic records before signing the agreement (it opens when you continue).',
  codeWrong:
    'That code does not match the one in the disclosure PDF. Open the PDF and type the code it shows.',
  versionOutdated: 'The disclosure has changed since you opened it. Please read the new version.',
  alreadyWithdrawn: 'You have not given this consent, so there is nothing to withdraw.',
  noTaxForm: 'There is no tax form for that year.',
  noMailingAddress:
    'Add your postal address in Settings under Tax information first: we mail paper copies there.',
  batchNotFound: 'There is no such print batch.',
  batchAlreadyMailed: 'This batch is already marked mailed.',
  nothingToPrint: 'Nobody is waiting for a paper copy.',
  mailedCountTooHigh: 'The count mailed cannot be more than the pieces in the batch.',
  mailedBeforeCreated: 'The mailing date cannot be before the batch was made.',
  mailedInFuture: 'The mailing date cannot be in the future.',
} as const;

/** The code printed in the disclosure PDF: six letters and digits, typed back to show the PDF opened. */
export const ACCESS_CODE_LENGTH = 6;
