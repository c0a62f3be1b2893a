/**
 * The IRIS 1099-INT element tables (issue 25 section 1, decision 1900): every element of the A2A
 * XML transmission (Publication 5718) and every column of the Taxpayer Portal CSV file
 * (Publication 5717) is declared here once, with where its value comes from, whether it is
 * required and the source that names it. The XML and CSV writers (iris-file.ts) walk these
 * tables; nothing writes an element by hand. The schema-shape test checks that every element
 * marked required is in a generated file.
 *
 * Citations: "P5718" = Publication 5718 (IRIS A2A specifications) as republished; "MS-BC" =
 * Microsoft Dynamics 365 Business Central's US IRIS transmission (microsoft/ALAppExtensions,
 * Apps/US/IRSForms: GenerateXmlFileIRIS.Codeunit.al, HelperIRIS.Codeunit.al and
 * .resources/AmountXmlElementsIRIS2025.json), which builds the same elements from the IRS
 * schema package; "MeF-1099INT" = the IRS's own 1099-INT rendering stylesheet (box element
 * names). The IRS schema package itself is sent only to TCC holders: decision 1900 lists what
 * could not be verified.
 */

/** A recipient's or the payer's US mailing address, in separate fields. */
export interface IrisAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface IrisSettings {
  tcc: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  payer: { tin: string; name: string; phone: string; address: IrisAddress };
}

export type IrisKind = 'original' | 'correction';

export interface IrisTransmissionContext {
  settings: IrisSettings;
  uniqueTransmissionId: string;
  taxYear: number;
  isPriorYear: boolean;
  kind: IrisKind;
  isTest: boolean;
  recordCount: number;
  /** Sums of the records' boxes, decimal strings. */
  totals: { interest: string; earlyWithdrawalPenalty: string; federalTaxWithheld: string };
}

export interface IrisRecordContext {
  taxYear: number;
  recordId: number;
  isCorrection: boolean;
  /** "ReceiptId|SubmissionId|RecordId" of the accepted record a correction replaces. */
  correctsUniqueRecordId: string | null;
  tin: string;
  firstName: string;
  lastName: string;
  address: IrisAddress;
  accountNumber: string;
  interest: string;
  earlyWithdrawalPenalty: string;
  federalTaxWithheld: string;
}

export interface ElementDef<C> {
  name: string;
  /** Marked required by the publication (or, where it is silent, by the cited implementation). */
  required: boolean;
  /** Where the value comes from, in words (the decision record's table is generated from this). */
  source: string;
  cite: string;
  /** A leaf's value; null or '' leaves an optional element out. */
  value?: (context: C) => string | null;
  children?: ElementDef<C>[];
  /** A group written only when this holds (its required children are then required). */
  when?: (context: C) => boolean;
}

// ---------------------------------------------------------------- value rules

const disallowedByExtra = new Map<string, RegExp>();
const plainAscii = /^[\x20-\x7e]*$/;

/**
 * Letters, digits and the marks IRIS text types allow (never "#" nor "--"); accents dropped,
 * spaces collapsed.
 */
export function irisText(value: string, maxLength: number, extra = ''): string {
  let disallowed = disallowedByExtra.get(extra);
  if (!disallowed) {
    disallowed = new RegExp(`[^A-Za-z0-9 \\-'${extra.replace(/[\]\\^-]/g, '\\$&')}]`, 'g');
    disallowedByExtra.set(extra, disallowed);
  }
  const ascii = plainAscii.test(value) ? value : value.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  // IRIS refuses a hash and a double dash in text (MS-BC HelperIRIS ClearProhibitedCharacters).
  return ascii
    .replace(disallowed, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}

export const digits = (value: string) => value.replace(/\D/g, '');

/** The first four letters of a name as the IRS matches names (business name control). */
export function nameControlOf(name: string): string {
  return irisText(name, 75)
    .toUpperCase()
    .replace(/^THE /, '')
    .replace(/[^A-Z0-9&-]/g, '')
    .slice(0, 4);
}

const address = <C>(pick: (context: C) => IrisAddress, who: string): ElementDef<C> => ({
  name: 'MailingAddressGrp',
  required: true,
  source: `${who} address`,
  cite: 'P5718 MailingAddressGrp; MS-BC AddUSAddress',
  children: [
    {
      name: 'USAddress',
      required: true,
      source: `${who} address (United States only: the platform takes US addresses)`,
      cite: 'P5718 USAddress; MS-BC AddUSAddress',
      children: [
        {
          name: 'AddressLine1Txt',
          required: true,
          source: `${who} address line 1 (35 characters)`,
          cite: 'MS-BC AddUSAddress',
          value: (c) => irisText(pick(c).line1, 35, '/'),
        },
        {
          name: 'AddressLine2Txt',
          required: false,
          source: `${who} address line 2, when there is one`,
          cite: 'MS-BC AddUSAddress',
          value: (c) => irisText(pick(c).line2 ?? '', 35, '/'),
        },
        {
          name: 'CityNm',
          required: true,
          source: `${who} city (22 characters)`,
          cite: 'MS-BC AddUSAddress',
          value: (c) => irisText(pick(c).city, 22),
        },
        {
          name: 'StateAbbreviationCd',
          required: true,
          source: `${who} state, two letters`,
          cite: 'MS-BC AddUSAddress',
          value: (c) => pick(c).state.toUpperCase().slice(0, 2),
        },
        {
          name: 'ZIPCd',
          required: true,
          source: `${who} ZIP code, 5 or 9 digits`,
          cite: 'MS-BC AddUSAddress',
          value: (c) => digits(pick(c).zip).slice(0, 9),
        },
      ],
    },
  ],
});

const businessName = <C>(pick: (context: C) => string, who: string): ElementDef<C> => ({
  name: 'BusinessName',
  required: true,
  source: `${who} name`,
  cite: 'P5718 BusinessName; MS-BC AddBusinessName',
  children: [
    {
      name: 'BusinessNameLine1Txt',
      required: true,
      source: `${who} legal name (75 characters)`,
      cite: 'MS-BC AddBusinessName',
      value: (c) => irisText(pick(c), 75, '&'),
    },
  ],
});

// ---------------------------------------------------------------- the transmission manifest

type T = IrisTransmissionContext;

export const manifestElements: ElementDef<T>[] = [
  {
    name: 'UniqueTransmissionId',
    required: true,
    source: 'UUID:IRIS:<IRIS TCC>::A, made when the file is built and kept (iris_transmissions)',
    cite: 'P5718 UniqueTransmissionId (UTID); MS-BC AddIRTransmissionManifest',
    value: (c) => c.uniqueTransmissionId,
  },
  {
    name: 'TaxYr',
    required: true,
    source: 'the tax year of the forms',
    cite: 'MS-BC AddIRTransmissionManifest',
    value: (c) => String(c.taxYear),
  },
  {
    name: 'PriorYearDataInd',
    required: true,
    source: '1 when the year is before the latest ended year, else 0',
    cite: 'P5718 3.3 Filing Prior Year Returns; MS-BC AddIRTransmissionManifest',
    value: (c) => (c.isPriorYear ? '1' : '0'),
  },
  {
    name: 'TransmissionTypeCd',
    required: true,
    source: 'O for originals, C for corrections',
    cite: 'P5718 6 Corrections and Replacements; MS-BC GetTransmissionTypeName',
    value: (c) => (c.kind === 'correction' ? 'C' : 'O'),
  },
  {
    name: 'TestCd',
    required: true,
    source: 'T for a file for the IRS Assurance Testing System (Publication 5719), P otherwise',
    cite: 'MS-BC GetTestFileIndicator',
    value: (c) => (c.isTest ? 'T' : 'P'),
  },
  {
    name: 'TransmitterGrp',
    required: true,
    source: 'the platform as transmitter (it files its own returns)',
    cite: 'P5718 TransmitterGrp; MS-BC AddTransmitterInfo',
    children: [
      {
        name: 'TIN',
        required: true,
        source: 'PAYER_TIN, nine digits',
        cite: 'MS-BC AddTransmitterInfo',
        value: (c) => digits(c.settings.payer.tin),
      },
      {
        name: 'TINSubmittedTypeCd',
        required: true,
        source: 'BUSINESS_TIN (an EIN)',
        cite: 'MS-BC AddTransmitterInfo',
        value: () => 'BUSINESS_TIN',
      },
      {
        name: 'TransmitterControlCd',
        required: true,
        source: 'IRIS_TCC',
        cite: 'P5718 1.3 IRIS TCC; MS-BC AddTransmitterInfo',
        value: (c) => c.settings.tcc,
      },
      {
        name: 'ForeignEntityInd',
        required: true,
        source: '0 (a US company)',
        cite: 'MS-BC AddTransmitterInfo',
        value: () => '0',
      },
      businessName((c) => c.settings.payer.name, 'COMPANY_POSTAL_ADDRESS (first part):'),
      {
        name: 'CompanyGrp',
        required: true,
        source: 'the company: name and mailing address',
        cite: 'MS-BC AddTransmitterInfo',
        children: [
          businessName((c) => c.settings.payer.name, 'COMPANY_POSTAL_ADDRESS (first part):'),
          address((c) => c.settings.payer.address, 'COMPANY_POSTAL_ADDRESS:'),
        ],
      },
      {
        name: 'ContactNameGrp',
        required: true,
        source: 'the contact person',
        cite: 'MS-BC AddTransmitterInfo',
        children: [
          {
            name: 'PersonNm',
            required: true,
            source: 'IRIS_CONTACT_NAME',
            cite: 'MS-BC AddTransmitterInfo',
            value: (c) => irisText(c.settings.contactName, 35),
          },
        ],
      },
      {
        name: 'ContactEmailAddressTxt',
        required: true,
        source: 'IRIS_CONTACT_EMAIL',
        cite: 'MS-BC AddTransmitterInfo',
        value: (c) => c.settings.contactEmail,
      },
      {
        name: 'ContactPhoneNum',
        required: true,
        source: 'IRIS_CONTACT_PHONE, digits',
        cite: 'MS-BC AddTransmitterInfo',
        value: (c) => digits(c.settings.contactPhone),
      },
    ],
  },
  {
    name: 'VendorCd',
    required: true,
    source: 'I (software developed in house)',
    cite: 'MS-BC AddIRTransmissionManifest',
    value: () => 'I',
  },
  {
    name: 'TotalIssuerFormCnt',
    required: true,
    source: '1: one submission (one payer, one form type) per file',
    cite: 'MS-BC AddIRTransmissionManifest',
    value: () => '1',
  },
  {
    name: 'TotalRecipientFormCnt',
    required: true,
    source: 'the number of records in the file',
    cite: 'MS-BC AddIRTransmissionManifest',
    value: (c) => String(c.recordCount),
  },
  {
    name: 'PaperSubmissionInd',
    required: true,
    source: '0 (not a paper submission)',
    cite: 'MS-BC AddIRTransmissionManifest',
    value: () => '0',
  },
  {
    name: 'MediaSourceCd',
    required: true,
    source: 'M, as the cited implementation sends',
    cite: 'MS-BC AddIRTransmissionManifest',
    value: () => 'M',
  },
  {
    name: 'SubmissionChannelCd',
    required: true,
    source: 'A2A',
    cite: 'P5718 A2A; MS-BC AddIRTransmissionManifest',
    value: () => 'A2A',
  },
];

// ---------------------------------------------------------------- the submission header

export const submissionHeaderElements: ElementDef<T>[] = [
  {
    name: 'SubmissionId',
    required: true,
    source: '1: each file carries one submission',
    cite: 'P5718 SubmissionId; MS-BC AddIRSubmission1Header',
    value: () => '1',
  },
  {
    name: 'TaxYr',
    required: true,
    source: 'the tax year of the forms',
    cite: 'MS-BC AddIRSubmission1Header',
    value: (c) => String(c.taxYear),
  },
  {
    name: 'IssuerDetail',
    required: true,
    source: 'the payer (issuer) of the interest',
    cite: 'P5718 IssuerDetail; MS-BC AddIssuerDetails',
    children: [
      {
        name: 'ForeignEntityInd',
        required: true,
        source: '0 (a US company)',
        cite: 'MS-BC AddIssuerDetails',
        value: () => '0',
      },
      {
        name: 'TIN',
        required: true,
        source: 'PAYER_TIN, nine digits',
        cite: 'MS-BC AddIssuerDetails',
        value: (c) => digits(c.settings.payer.tin),
      },
      {
        name: 'TINSubmittedTypeCd',
        required: true,
        source: 'BUSINESS_TIN (an EIN)',
        cite: 'MS-BC AddIssuerDetails',
        value: () => 'BUSINESS_TIN',
      },
      {
        name: 'BusinessNameControlTxt',
        required: true,
        source: "the first four characters of the payer's name",
        cite: 'MS-BC AddIssuerDetails',
        value: (c) => nameControlOf(c.settings.payer.name),
      },
      businessName((c) => c.settings.payer.name, 'COMPANY_POSTAL_ADDRESS (first part):'),
      address((c) => c.settings.payer.address, 'COMPANY_POSTAL_ADDRESS:'),
      {
        name: 'PhoneNum',
        required: true,
        source: "IRIS_CONTACT_PHONE (the payer's telephone on the form)",
        cite: 'MS-BC AddIssuerDetails',
        value: (c) => digits(c.settings.payer.phone),
      },
    ],
  },
  {
    name: 'ContactPersonInformationGrp',
    required: true,
    source: 'the contact person',
    cite: 'MS-BC AddContactPersonInformationGrp',
    children: [
      {
        name: 'ContactPersonNm',
        required: true,
        source: 'IRIS_CONTACT_NAME',
        cite: 'MS-BC AddContactPersonInformationGrp',
        value: (c) => irisText(c.settings.contactName, 35),
      },
      {
        name: 'ContactPhoneNum',
        required: true,
        source: 'IRIS_CONTACT_PHONE',
        cite: 'MS-BC AddContactPersonInformationGrp',
        value: (c) => digits(c.settings.contactPhone),
      },
      {
        name: 'ContactEmailAddressTxt',
        required: true,
        source: 'IRIS_CONTACT_EMAIL',
        cite: 'MS-BC AddContactPersonInformationGrp',
        value: (c) => c.settings.contactEmail,
      },
    ],
  },
  {
    name: 'FormTypeCd',
    required: true,
    source: '1099INT',
    cite: 'MS-BC GetFormTypeCode',
    value: () => '1099INT',
  },
  {
    name: 'ParentFormTypeCd',
    required: true,
    source: '1096 (the transmittal the submission stands for)',
    cite: 'MS-BC AddIRSubmission1Header',
    value: () => '1096',
  },
  {
    name: 'CFSFElectionInd',
    required: true,
    source: '0: not in the Combined Federal/State Filing program (as decision 1622)',
    cite: 'P5718 CF/SF; MS-BC AddIRSubmission1Header',
    value: () => '0',
  },
  {
    name: 'TotalReportedRcpntFormCnt',
    required: true,
    source: 'the number of records in the submission',
    cite: 'MS-BC AddIRSubmission1Header',
    value: (c) => String(c.recordCount),
  },
  {
    name: 'IRSubmission1FormTotals',
    required: true,
    source: "the sums of the records' boxes",
    cite: 'P5718 3.3.1 Calculating Total Reported Amount; MS-BC AddIRSubmission1FormTotals',
    children: [
      {
        name: 'Form1099INTTotalAmtGrp',
        required: true,
        source: 'Form<type>TotalAmtGrp for 1099-INT',
        cite: 'MS-BC GetForm1099TotalAmtGrpTagName',
        children: [
          {
            name: 'InterestIncomeAmt',
            required: true,
            source: 'sum of box 1 (tax_forms.interest_amount)',
            cite: 'MS-BC AmountXmlElementsIRIS2025.json INT-01; MeF-1099INT box 1',
            value: (c) => c.totals.interest,
          },
          {
            name: 'EarlyWithdrawalPenaltyAmt',
            required: true,
            source: 'sum of box 2 (tax_forms.early_withdrawal_penalty)',
            cite: 'MS-BC AmountXmlElementsIRIS2025.json INT-02; MeF-1099INT box 2',
            value: (c) => c.totals.earlyWithdrawalPenalty,
          },
          {
            name: 'FederalIncomeTaxWithheldAmt',
            required: true,
            source: 'sum of box 4 (tax_forms.federal_tax_withheld)',
            cite: 'MS-BC AmountXmlElementsIRIS2025.json INT-04; MeF-1099INT box 4',
            value: (c) => c.totals.federalTaxWithheld,
          },
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------- one record

type R = IrisRecordContext;

export const recordElements: ElementDef<R>[] = [
  {
    name: 'TaxYr',
    required: true,
    source: 'the tax year of the form',
    cite: 'MS-BC AddForm1099Detail',
    value: (c) => String(c.taxYear),
  },
  {
    name: 'RecordId',
    required: true,
    source: 'the record number in the submission, from 1 (kept in iris_records)',
    cite: 'P5718 RecordId; MS-BC GetNextRecordId',
    value: (c) => String(c.recordId),
  },
  {
    name: 'VoidInd',
    required: true,
    source: '0',
    cite: 'MS-BC AddForm1099Detail',
    value: () => '0',
  },
  {
    name: 'CorrectedInd',
    required: true,
    source: '1 in a correction transmission, else 0',
    cite: 'MS-BC GetCorrectedInd',
    value: (c) => (c.isCorrection ? '1' : '0'),
  },
  {
    name: 'PrevSubmittedRecRecipientGrp',
    required: true,
    when: (c) => c.isCorrection,
    source: 'a correction only: the record it corrects',
    cite: 'P5718 6 Corrections; MS-BC AddPrevSubmittedRecRecipientGrp',
    children: [
      {
        name: 'UniqueRecordId',
        required: true,
        source:
          'Receipt ID|SubmissionId|RecordId of the accepted record, from the acknowledgement staff recorded',
        cite: 'P5718 Unique Record ID; MS-BC AddPrevSubmittedRecRecipientGrp',
        value: (c) => c.correctsUniqueRecordId,
      },
    ],
  },
  {
    name: 'RecipientDetail',
    required: true,
    source: 'the recipient as the kept form shows them',
    cite: 'P5718 RecipientDetail; MS-BC AddRecipientDetails',
    children: [
      {
        name: 'TIN',
        required: true,
        source: "the recipient's SSN or ITIN (tax_records.ssn_encrypted, decrypted only here)",
        cite: 'MS-BC AddRecipientDetails',
        value: (c) => digits(c.tin),
      },
      {
        name: 'TINSubmittedTypeCd',
        required: true,
        source: 'INDIVIDUAL_TIN (SSN or ITIN)',
        cite: 'MS-BC GetTINSubmittedType',
        value: () => 'INDIVIDUAL_TIN',
      },
      {
        name: 'PersonName',
        required: true,
        source: 'first and last name in separate fields',
        cite: 'MS-BC AddPersonName',
        children: [
          {
            name: 'PersonFirstNm',
            required: true,
            source: 'tax_forms.recipient_first_name (20 characters)',
            cite: 'MS-BC AddPersonName',
            value: (c) => irisText(c.firstName, 20),
          },
          {
            name: 'PersonLastNm',
            required: true,
            source: 'tax_forms.recipient_last_name (20 characters)',
            cite: 'MS-BC AddPersonName',
            value: (c) => irisText(c.lastName, 20),
          },
        ],
      },
      address((c) => c.address, 'tax_forms.recipient_*'),
    ],
  },
  {
    name: 'RecipientAccountNum',
    required: false,
    source:
      "the payer's account number for the recipient: the investor id's first 20 hex digits, as the FIRE file",
    cite: 'MS-BC AddForm1099Detail; MeF-1099INT RecipientAccountNum',
    value: (c) => c.accountNumber,
  },
  {
    name: 'SecondTINNoticeInd',
    required: true,
    source: '0',
    cite: 'MS-BC AddForm1099INTDetailsPart',
    value: () => '0',
  },
  {
    name: 'FATCAFilingRequirementInd',
    required: true,
    source: '0 (no FATCA filing requirement: US persons only)',
    cite: 'MS-BC AddForm1099INTDetailsPart',
    value: () => '0',
  },
  {
    name: 'InterestIncomeAmt',
    required: true,
    source: 'box 1: tax_forms.interest_amount',
    cite: 'MS-BC AmountXmlElementsIRIS2025.json INT-01; MeF-1099INT box 1',
    value: (c) => c.interest,
  },
  {
    name: 'EarlyWithdrawalPenaltyAmt',
    required: false,
    source: 'box 2: tax_forms.early_withdrawal_penalty',
    cite: 'MS-BC AmountXmlElementsIRIS2025.json INT-02; MeF-1099INT box 2',
    value: (c) => c.earlyWithdrawalPenalty,
  },
  {
    name: 'FederalIncomeTaxWithheldAmt',
    required: false,
    source: 'box 4: tax_forms.federal_tax_withheld (backup withholding)',
    cite: 'MS-BC AmountXmlElementsIRIS2025.json INT-04; MeF-1099INT box 4',
    value: (c) => c.federalTaxWithheld,
  },
];

// ---------------------------------------------------------------- the portal CSV

export interface CsvColumnDef {
  header: string;
  required: boolean;
  source: string;
  value: (record: R, settings: IrisSettings) => string;
}

/**
 * One row per form. The portal's own template (Publication 5717) is tax-year specific and only
 * downloadable inside the portal: these headers name the template's fields in the template's
 * order as the published guidance describes them; check them against the year's template.
 */
export const csvColumns: CsvColumnDef[] = [
  { header: 'Form Type', required: true, source: '1099-INT', value: () => '1099-INT' },
  { header: 'Tax Year', required: true, source: 'the tax year', value: (r) => String(r.taxYear) },
  {
    header: 'Corrected Return Indicator',
    required: true,
    source: 'Y on a correction',
    value: (r) => (r.isCorrection ? 'Y' : 'N'),
  },
  {
    header: 'Unique Record ID of Corrected Return',
    required: false,
    source: 'the accepted record a correction replaces',
    value: (r) => r.correctsUniqueRecordId ?? '',
  },
  { header: 'Issuer TIN', required: true, source: 'PAYER_TIN', value: (_, s) => digits(s.payer.tin) },
  { header: 'Issuer TIN Type', required: true, source: 'EIN', value: () => 'EIN' },
  {
    header: 'Issuer Business Name',
    required: true,
    source: 'COMPANY_POSTAL_ADDRESS (first part)',
    value: (_, s) => irisText(s.payer.name, 75, '&'),
  },
  { header: 'Recipient TIN', required: true, source: 'SSN or ITIN', value: (r) => digits(r.tin) },
  { header: 'Recipient TIN Type', required: true, source: 'SSN/ITIN', value: () => 'SSN/ITIN' },
  {
    header: 'Recipient First Name',
    required: true,
    source: 'first name',
    value: (r) => irisText(r.firstName, 20),
  },
  {
    header: 'Recipient Last Name',
    required: true,
    source: 'last name',
    value: (r) => irisText(r.lastName, 20),
  },
  {
    header: 'Recipient Address Line 1',
    required: true,
    source: 'address line 1',
    value: (r) => irisText(r.address.line1, 35, '/'),
  },
  {
    header: 'Recipient Address Line 2',
    required: false,
    source: 'address line 2',
    value: (r) => irisText(r.address.line2 ?? '', 35, '/'),
  },
  { header: 'Recipient City', required: true, source: 'city', value: (r) => irisText(r.address.city, 22) },
  { header: 'Recipient State', required: true, source: 'state', value: (r) => r.address.state.toUpperCase() },
  { header: 'Recipient ZIP Code', required: true, source: 'ZIP code', value: (r) => digits(r.address.zip) },
  { header: 'Recipient Country', required: true, source: 'US', value: () => 'US' },
  { header: 'Account Number', required: false, source: 'investor id prefix', value: (r) => r.accountNumber },
  { header: 'Box 1 Interest Income', required: true, source: 'box 1', value: (r) => r.interest },
  {
    header: 'Box 2 Early Withdrawal Penalty',
    required: false,
    source: 'box 2',
    value: (r) => r.earlyWithdrawalPenalty,
  },
  {
    header: 'Box 4 Federal Income Tax Withheld',
    required: false,
    source: 'box 4',
    value: (r) => r.federalTaxWithheld,
  },
];

/** Every element path the tables mark required (under a group written only sometimes: that group's condition). */
export function requiredPaths<C>(
  defs: ElementDef<C>[],
  prefix: string,
): { path: string; conditional: boolean }[] {
  const paths: { path: string; conditional: boolean }[] = [];
  const walk = (list: ElementDef<C>[], at: string, conditional: boolean) => {
    for (const def of list) {
      if (!def.required) continue;
      const path = `${at}/${def.name}`;
      const isConditional = conditional || def.when !== undefined;
      paths.push({ path, conditional: isConditional });
      if (def.children) walk(def.children, path, isConditional);
    }
  };
  walk(defs, prefix, false);
  return paths;
}
