/**
 * Form 1099-INT, Copy B for the recipient, in the IRS form's layout (PRODUCT.md 20): payer
 * and recipient blocks on the left, the numbered boxes on the right. The recipient's TIN is
 * printed truncated to its last four digits, as the IRS allows on recipient copies.
 */
import PDFDocument from 'pdfkit';
import { formatUsd } from '../../../shared/format/money-format';
import { shortId } from '../../../shared/portal/transaction-display';
import type { TaxRecordRow } from './document-repository';
import type { PdfIssuer } from './promissory-note-pdf';

export interface TaxFormInput {
  year: number;
  interest: string;
  /** Box 2: early redemption penalties of the year (decision 1953). */
  earlyWithdrawalPenalty: string;
  /** Box 4: backup withholding in the year (decision 1911). */
  federalTaxWithheld: string;
  investorId: string;
  record: TaxRecordRow;
  payerTin: string | null;
}

const ink = '#0f1f33';
const muted = '#4a5568';
const rule = '#9aa5b1';

function box(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  height: number,
  label: string,
  value: string,
) {
  doc.lineWidth(0.7).strokeColor(rule).rect(x, y, width, height).stroke();
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(muted)
    .text(label, x + 4, y + 4, { width: width - 8 });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(ink)
    .text(value, x + 4, y + height - 16, { width: width - 8 });
}

function tallBox(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  height: number,
  label: string,
  lines: string[],
) {
  doc.lineWidth(0.7).strokeColor(rule).rect(x, y, width, height).stroke();
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(muted)
    .text(label, x + 4, y + 4, { width: width - 8 });
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(ink)
    .text(lines.join('\n'), x + 4, y + 26, { width: width - 8, lineGap: 1 });
}

export function taxFormPdf(input: TaxFormInput, issuer: PdfIssuer): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: 40,
    info: {
      Title: `Form 1099-INT ${input.year}`,
      Author: `${issuer.brandName} Notes LLC`,
      Subject: 'Interest income',
    },
  });
  drawTaxForm(doc, input, issuer);
  doc.end();
  return doc;
}

/** Draws the form on the current (landscape) page: the download above, and the paper batches (decision 1924). */
export function drawTaxForm(doc: PDFKit.PDFDocument, input: TaxFormInput, issuer: PdfIssuer): void {
  const left = 40;
  const top = 70;
  const leftWidth = 330;
  const rightX = left + leftWidth;
  const rightWidth = 190;
  const titleX = rightX + rightWidth;

  doc.font('Helvetica-Bold').fontSize(9).fillColor(muted).text('CORRECTED (if checked)', left, 44);
  doc
    .lineWidth(0.7)
    .strokeColor(rule)
    .rect(left + 122, 44, 9, 9)
    .stroke();
  const { record } = input;
  const recipient = `${record.legal_first_name} ${record.legal_last_name}`;
  const street = [record.address1, record.address2].filter(Boolean).join(', ');
  // "Name, street, city, ST ZIP": the last two parts share a line, as on an envelope.
  const addressParts = issuer.postalAddress.split(/,\s*/);
  const payerLines =
    addressParts.length >= 3
      ? [...addressParts.slice(0, -2), addressParts.slice(-2).join(', ')]
      : addressParts;
  tallBox(
    doc,
    left,
    top,
    leftWidth,
    96,
    "PAYER'S name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.",
    [...payerLines, issuer.supportEmail],
  );
  box(doc, left, top + 96, leftWidth / 2, 40, "PAYER'S TIN", input.payerTin ?? 'On file with the IRS');
  box(
    doc,
    left + leftWidth / 2,
    top + 96,
    leftWidth / 2,
    40,
    "RECIPIENT'S TIN",
    `XXX-XX-${record.ssn_last_four}`,
  );
  box(doc, left, top + 136, leftWidth, 40, "RECIPIENT'S name", recipient);
  box(doc, left, top + 176, leftWidth, 40, 'Street address (including apt. no.)', street);
  box(
    doc,
    left,
    top + 216,
    leftWidth,
    40,
    'City or town, state or province, country, and ZIP or foreign postal code',
    `${record.city}, ${record.state} ${record.postal_code}`,
  );
  box(
    doc,
    left,
    top + 256,
    leftWidth,
    40,
    'Account number (see instructions)',
    shortId(input.investorId).toUpperCase(),
  );

  box(doc, rightX, top, rightWidth, 48, 'Payer’s RTN (optional)', '');
  box(doc, rightX, top + 48, rightWidth, 48, '1 Interest income', formatUsd(input.interest));
  box(
    doc,
    rightX,
    top + 96,
    rightWidth,
    40,
    '2 Early withdrawal penalty',
    formatUsd(input.earlyWithdrawalPenalty),
  );
  box(
    doc,
    rightX,
    top + 136,
    rightWidth,
    40,
    '3 Interest on U.S. Savings Bonds and Treasury obligations',
    formatUsd('0.00'),
  );
  box(
    doc,
    rightX,
    top + 176,
    rightWidth / 2,
    40,
    '4 Federal income tax withheld',
    formatUsd(input.federalTaxWithheld),
  );
  box(
    doc,
    rightX + rightWidth / 2,
    top + 176,
    rightWidth / 2,
    40,
    '5 Investment expenses',
    formatUsd('0.00'),
  );
  box(doc, rightX, top + 216, rightWidth / 2, 40, '6 Foreign tax paid', formatUsd('0.00'));
  box(
    doc,
    rightX + rightWidth / 2,
    top + 216,
    rightWidth / 2,
    40,
    '8 Tax-exempt interest',
    formatUsd('0.00'),
  );
  box(
    doc,
    rightX,
    top + 256,
    rightWidth,
    40,
    '17 State  ·  16 State tax withheld',
    `${record.state}  ·  ${formatUsd('0.00')}`,
  );

  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(muted)
    .text('OMB No. 1545-0112', titleX + 12, top);
  doc
    .font('Helvetica-Bold')
    .fontSize(26)
    .fillColor(ink)
    .text(String(input.year), titleX + 12, top + 14);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Form 1099-INT', titleX + 12, top + 52);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text('Interest Income', titleX + 12, top + 74, { width: 160 });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text('Copy B', titleX + 12, top + 136);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('For Recipient', titleX + 12, top + 152);
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(muted)
    .text(
      'This is important tax information and is being furnished to the IRS. If you are required to file a return, a negligence penalty or other sanction may be imposed on you if this income is taxable and the IRS determines that it has not been reported.',
      titleX + 12,
      top + 176,
      { width: 160, lineGap: 1 },
    );

  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(muted)
    .text(
      `Interest paid or credited in ${input.year} on your ${issuer.brandName} notes (Standard interest paid to your bank and High-Yield interest credited to your notes). Keep this statement for your records.`,
      left,
      top + 320,
      { width: 700 },
    );
  doc.text(
    'Form 1099-INT (Rev. January 2024)    www.irs.gov/Form1099INT    Department of the Treasury - Internal Revenue Service',
    left,
    top + 344,
    { width: 700 },
  );
}
