/** A signed agreement (issue 17 item 3): the acceptance record, then the agreement's full text. */
import PDFDocument from 'pdfkit';
import { NAME_FALLBACK } from '../../../shared/brand';
import { formatInstantDate, formatTimeOfDay } from '../../../shared/format/date-format';
import { formatUsd } from '../../../shared/format/money-format';
import { planCopy } from '../../../shared/products/plans';
import { purchaseReference } from '../../../shared/portal/transaction-display';
import type { SignedAgreementRow } from './document-repository';
import { type PdfIssuer, pdfColours, writePerpetualNoteAgreement } from './promissory-note-pdf';

const { accent, ink, muted } = pdfColours;

export function signedAgreementPdf(agreement: SignedAgreementRow, issuer: PdfIssuer): PDFKit.PDFDocument {
  const reference = purchaseReference(agreement.investment_id);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: {
      Title: `Signed agreement ${reference}`,
      Author: `${issuer.brandName} Notes LLC`,
      Subject: 'Signed agreement',
    },
  });
  const name = [agreement.first_name, agreement.last_name].filter(Boolean).join(' ').trim() || NAME_FALLBACK;
  doc
    .fillColor(accent)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(issuer.brandName.toUpperCase(), { characterSpacing: 1.5 });
  doc.moveDown(0.6);
  doc.fillColor(ink).fontSize(20).text('Signed agreement');
  doc.moveDown(0.8);
  const rows: [string, string][] = [
    ['Accepted by', `${name} (${agreement.email})`],
    [
      'Accepted on',
      `${formatInstantDate(agreement.accepted_at, issuer.timeZone)} at ${formatTimeOfDay(agreement.accepted_at, issuer.timeZone)} (${issuer.timeZone})`,
    ],
    ['Agreement version', agreement.agreement_version],
    [
      'For',
      agreement.kind === 'purchase'
        ? `Purchase of note ${reference}, ${planCopy[agreement.investment_type].name}, ${formatUsd(agreement.amount)}, with the authorisation to debit the linked bank account`
        : `Conversion into note ${reference}, ${planCopy[agreement.investment_type].name}, ${formatUsd(agreement.amount)}`,
    ],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(muted).text(label, 56, y, { width: 130 });
    doc.font('Helvetica').fillColor(ink).text(value, 186, y, { width: 370 });
    doc.moveDown(0.5);
  }
  doc.x = 56;
  doc.moveDown(1);
  writePerpetualNoteAgreement(doc, issuer.brandName, agreement.kind === 'purchase' ? 'BUY' : 'CONVERT');
  doc.end();
  return doc;
}
