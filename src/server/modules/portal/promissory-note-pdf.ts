/**
 * The promissory note of one investment (PRODUCT.md 20): its terms, the holder, the
 * electronic acceptance and the full Perpetual Note Agreement it was bought under.
 */
import PDFDocument from 'pdfkit';
import { formatInstantDate, formatTimeOfDay } from '../../../shared/format/date-format';
import { formatLongDate } from '../../../shared/format/long-date';
import { formatUsd } from '../../../shared/format/money-format';
import {
  type AgreementConfirmLabel,
  perpetualNoteAgreement,
} from '../../../shared/purchases/perpetual-note-agreement';
import { planCopy, ratePercent } from '../../../shared/products/plans';
import { purchaseReference } from '../../../shared/portal/transaction-display';
import { NAME_FALLBACK } from '../../../shared/brand';
import type { PromissoryNoteRow } from './document-repository';

export interface PdfIssuer {
  brandName: string;
  postalAddress: string;
  supportEmail: string;
  timeZone: string;
}

export const pdfColours = { accent: '#0b5f54', ink: '#0f1f33', muted: '#4a5568' } as const;
const { accent, ink, muted } = pdfColours;

function holderName(note: PromissoryNoteRow): string {
  const name = [note.first_name, note.last_name].filter(Boolean).join(' ').trim();
  return name || NAME_FALLBACK;
}

function termText(note: PromissoryNoteRow): string {
  if (note.investment_type === 'standard') {
    return `12-month lock-up ending ${formatLongDate(note.maturity_date)}, then open-ended until withdrawn`;
  }
  return `${note.term_years} ${note.term_years === 1 ? 'year' : 'years'}, maturing ${formatLongDate(note.maturity_date)}`;
}

function interestText(note: PromissoryNoteRow): string {
  return note.investment_type === 'standard'
    ? 'Paid monthly to the holder’s bank account by ACH'
    : 'Credited to the note monthly; paid with the principal at maturity';
}

export function promissoryNotePdf(note: PromissoryNoteRow, issuer: PdfIssuer): PDFKit.PDFDocument {
  const company = `${issuer.brandName} Notes LLC`;
  const reference = purchaseReference(note.investment_id);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `Promissory Note ${reference}`, Author: company, Subject: 'Promissory note' },
  });
  doc
    .fillColor(accent)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(issuer.brandName.toUpperCase(), { characterSpacing: 1.5 });
  doc.moveDown(0.6);
  doc.fillColor(ink).fontSize(22).text('Promissory Note');
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(muted)
    .text(`Reference ${reference}  ·  Investment ID ${note.investment_id}`);
  doc.moveDown(1.2);

  const rows: [string, string][] = [
    ['Holder', holderName(note)],
    ['E-mail', note.email],
    ['Plan', planCopy[note.investment_type].name],
    ['Principal', formatUsd(note.principal_amount)],
    ['Annual interest rate', `${ratePercent(note.interest_rate_annual)}% (simple, Actual/365)`],
    ['Start date', formatLongDate(note.start_date)],
    ['Term', termText(note)],
    ['Interest', interestText(note)],
    [
      'Funded from',
      note.source_investment_id
        ? `Converted from note ${purchaseReference(note.source_investment_id)}`
        : note.bank_name
          ? `${note.bank_name} account ending ${note.bank_last_four ?? ''}`
          : 'Bank account on file',
    ],
  ];
  const labelWidth = 150;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(muted).text(label, 56, y, { width: labelWidth });
    doc
      .font('Helvetica')
      .fillColor(ink)
      .text(value, 56 + labelWidth, y, { width: 500 - labelWidth });
    doc.moveDown(0.5);
  }
  doc.x = 56;
  doc.moveDown(0.8);

  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(ink)
    .text(
      `For value received, ${company} promises to pay to the order of ${holderName(note)} the principal sum of ${formatUsd(note.principal_amount)}, together with interest on the outstanding principal at ${ratePercent(note.interest_rate_annual)}% per year from ${formatLongDate(note.start_date)}, on the terms of the Perpetual Note Agreement set out below, which forms part of this note.`,
      { align: 'justify', lineGap: 2 },
    );
  doc.moveDown(0.8);
  const accepted = note.authorized_at
    ? `Accepted electronically by the holder on ${formatInstantDate(note.authorized_at, issuer.timeZone)} at ${formatTimeOfDay(note.authorized_at, issuer.timeZone)} (${issuer.timeZone}), agreement version ${note.agreement_version ?? ''}.`
    : 'Accepted electronically by the holder when the note was issued.';
  doc.fontSize(9.5).fillColor(muted).text(accepted);
  doc.text(`Issued by ${issuer.postalAddress}. Questions: ${issuer.supportEmail}.`);

  doc.addPage();
  writePerpetualNoteAgreement(doc, issuer.brandName, note.source_investment_id ? 'CONVERT' : 'BUY');
  doc.end();
  return doc;
}

/** The full Perpetual Note Agreement, from the current position (also the signed-agreement PDF's body). */
export function writePerpetualNoteAgreement(
  doc: PDFKit.PDFDocument,
  brandName: string,
  confirmLabel: AgreementConfirmLabel,
): void {
  doc.fillColor(accent).font('Helvetica-Bold').fontSize(14).text('Perpetual Note Agreement');
  doc.moveDown(0.5);
  for (const section of perpetualNoteAgreement(brandName, confirmLabel)) {
    doc.fillColor(ink).font('Helvetica-Bold').fontSize(10.5).text(section.heading);
    doc.moveDown(0.25);
    for (const paragraph of section.paragraphs) {
      doc.font('Helvetica').fontSize(9.5).fillColor(ink).text(paragraph, { align: 'justify', lineGap: 1.5 });
      doc.moveDown(0.4);
    }
    doc.moveDown(0.3);
  }
}
