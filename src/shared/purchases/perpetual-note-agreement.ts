/**
 * The Perpetual Note Agreement the investor scrolls through and accepts before BUY (spec 4
 * and 9). One text for the purchase modal and the promissory note PDF; its version is
 * recorded with every debit authorisation, so a change to the text needs a new version.
 */
export const AGREEMENT_VERSION = 'PNA-2026-11';
// PNA-2026-11: section 7 says early redemption is asked for on the note's page (PRODUCT.md 44,
// decision 1954); PNA-2025-01 said a written request to support.

export interface AgreementSection {
  heading: string;
  paragraphs: string[];
}

/** The button that makes the note: BUY for a purchase, CONVERT for a conversion of available funds. */
export type AgreementConfirmLabel = 'BUY' | 'CONVERT';

export function perpetualNoteAgreement(
  brandName: string,
  confirmLabel: AgreementConfirmLabel,
): AgreementSection[] {
  const company = `${brandName} Notes LLC`;
  return [
    {
      heading: '1. Parties and purpose',
      paragraphs: [
        `This Perpetual Note Agreement (the "Agreement") is made between ${company} (the "Company", "we", "us") and the person buying a note through the ${brandName} platform (the "Investor", "you").`,
        `By checking the consent box and pressing ${confirmLabel} you agree to lend the purchase amount to the Company on the terms below. Each purchase creates a separate note (a "Note") governed by this Agreement and described in its promissory note.`,
      ],
    },
    {
      heading: '2. Investment terms',
      paragraphs: [
        'The principal of a Note is the purchase amount you confirm on the review screen. Each purchase must be at least the minimum shown for the chosen plan and term and at most $1,000,000.00.',
        'The annual interest rate and the term are those shown for the chosen product at the time of purchase and are fixed for the life of the Note. The Company may change the rates and terms offered for new Notes at any time; a change never affects a Note already issued.',
        'There are no purchase, maintenance or account fees.',
      ],
    },
    {
      heading: '3. Interest payments',
      paragraphs: [
        'Interest is simple interest on the outstanding principal, computed on an Actual/365 (fixed) basis from the start date, which is the day of purchase. Interest is rounded to whole cents, half up, only when it is posted; fractions of a cent are carried to the next posting.',
        'Standard income plan: interest for each calendar month is paid to your linked bank account by ACH credit after the month ends.',
        'High-Yield growth plan: interest is credited to the Note every month and earns no further interest. Credited interest is paid, together with the principal, at maturity, or reinvested at your choice.',
      ],
    },
    {
      heading: '4. Term and maturity',
      paragraphs: [
        'Standard income plan: the principal is locked up for 12 months from the start date. After the lock-up you may withdraw all or part of the Note at any time; until you do, it keeps earning interest at its rate.',
        'High-Yield growth plan: the Note runs for the fixed term you chose (for example 2, 3, 4 or 5 years) and stops earning interest at maturity. At maturity you may transfer the value of the Note to your bank account or convert it into a new High-Yield Note at the rates then offered.',
        'A Note dated February 29 matures on February 28 in a year that is not a leap year.',
      ],
    },
    {
      heading: '5. ACH funding and debit authorisation',
      paragraphs: [
        'You authorise the Company to debit the purchase amount once from the bank account you selected, by ACH, on or after the day of purchase. This authorisation is recorded with the date, time and network address of your consent and the version of this Agreement.',
        'The Note is issued and starts earning interest on the day of purchase. If the debit is returned or rejected by your bank, the Note is cancelled, any interest posted to it is reversed, and no amount is owed by either party under that Note.',
        'You may revoke this authorisation before the debit is sent by contacting support; revoking it cancels the Note.',
      ],
    },
    {
      heading: '6. Transfers to your bank',
      paragraphs: [
        'Funds available to withdraw (Standard Notes past their lock-up and matured High-Yield Notes, less transfers already requested) may be transferred to your primary verified bank account. A transfer request is paid at the end of the current calendar quarter, drawn from your oldest available Notes first; funds keep earning interest until they are paid. You may cancel a request until it is paid.',
      ],
    },
    {
      heading: '7. Early withdrawal and penalties',
      paragraphs: [
        'Before its lock-up ends (Standard) or before maturity (High-Yield), a Note can be paid out only by early redemption. You may ask to redeem a Note early, in whole or in part, from the Note’s page on the platform. The Company decides each request at its sole discretion, in the order received, and may pause new requests for a time; you may cancel a request until it is approved.',
        'If a request is approved, an early withdrawal penalty equal to 90 days of interest on the amount redeemed is deducted from the amount paid, the amount redeemed stops earning interest on the day it is paid, and the penalty is reported to you and to the IRS on Form 1099-INT (box 2).',
      ],
    },
    {
      heading: '8. Investor representations',
      paragraphs: [
        'You represent that you are at least 18 years old, a resident of the United States with a valid taxpayer identification number, and that the identity and tax details you gave are true and complete.',
        'You represent that the funds you invest are your own, come from lawful sources, and that you can bear the loss of the whole amount without changing your standard of living.',
        'You confirm that you have read this Agreement and the risk disclosure below, that you have not relied on any statement not contained in them, and that you had the opportunity to seek independent financial, legal and tax advice.',
      ],
    },
    {
      heading: '9. Risk disclosure',
      paragraphs: [
        `${brandName} is not a bank, broker-dealer or investment advisor. Notes are not deposits, are not insured by the FDIC or any other government agency, and are not guaranteed by any bank.`,
        'A Note is an unsecured obligation of the Company. Payment of interest and principal depends on the Company’s ability to pay; if the Company cannot pay, you may lose some or all of your principal and unpaid interest.',
        'There is no secondary market for the Notes and they cannot be transferred to another person. Past performance is no guide to future results.',
      ],
    },
    {
      heading: '10. Taxes',
      paragraphs: [
        'Interest paid or credited to a Note is taxable income in the year it is paid or credited. The Company reports interest of more than $10 in a calendar year on Form 1099-INT, available in your account. You are responsible for your own taxes.',
      ],
    },
    {
      heading: '11. Electronic records and notices',
      paragraphs: [
        'You agree to receive this Agreement, promissory notes, tax forms, statements and notices electronically, in your account and at the e-mail address on file. Your electronic consent has the same effect as a handwritten signature.',
      ],
    },
    {
      heading: '12. Governing law and disputes',
      paragraphs: [
        'This Agreement and every Note are governed by the laws of the Commonwealth of Massachusetts, without regard to its conflict-of-law rules. The state and federal courts located in Suffolk County, Massachusetts have exclusive jurisdiction over any dispute arising from them.',
      ],
    },
    {
      heading: '13. Entire agreement and changes',
      paragraphs: [
        'This Agreement, together with the promissory note of each purchase, is the entire agreement between you and the Company about the Notes. A change to this Agreement applies only to Notes bought after the change. If any provision is held unenforceable, the rest remains in effect.',
      ],
    },
  ];
}
