/**
 * One printable PDF per print batch (decision 1924): for each mail piece an address sheet laid
 * out for a #10 double-window envelope (return address and recipient in the windows, a short
 * letter saying what is enclosed and why), then the documents, each on its own pages: Form
 * 1099-INT as the download draws it, the monthly statement, and the notices as letters.
 */
import PDFDocument from 'pdfkit';
import { formatInstantDate } from '../../../shared/format/date-format';
import { formatLongDate } from '../../../shared/format/long-date';
import type { PdfIssuer } from '../portal/promissory-note-pdf';
import { pdfColours } from '../portal/promissory-note-pdf';
import { drawTaxForm, type TaxFormInput } from '../portal/tax-form-pdf';
import type { StatementEntryRow, StatementHolderRow, StatementRow } from '../statements/statement-repository';
import { drawStatement } from '../statements/statement-pdf';
import { envelopeLayout } from './envelope-layout';

export type EnclosedDocument =
  | { kind: 'tax_form'; title: string; form: TaxFormInput }
  | {
      kind: 'statement';
      title: string;
      statement: StatementRow;
      entries: StatementEntryRow[];
      holder: StatementHolderRow;
    }
  | { kind: 'notice'; title: string; occurredAt: string; paragraphs: string[] };

export interface MailPiece {
  /** Name, street, (second line), "City, ST ZIP". */
  address: string[];
  /** Why this person gets paper: one sentence for the letter. */
  reason: string;
  documents: EnclosedDocument[];
}

export interface BatchHeader {
  batchId: string;
  createdOn: string;
  purposeLabel: string;
}

function returnAddressLines(issuer: PdfIssuer): string[] {
  const parts = issuer.postalAddress.split(',').map((part) => part.trim());
  if (parts.length < 3) return [`${issuer.brandName} Notes LLC`, issuer.postalAddress];
  // "Name, street..., City, ST ZIP" -> name / street lines / "City, ST ZIP".
  const [name, ...rest] = parts;
  const cityState = rest.slice(-2).join(', ');
  return [name!, ...rest.slice(0, -2), cityState].slice(0, envelopeLayout.returnAddress.maxLines);
}

function drawAddressSheet(
  doc: PDFKit.PDFDocument,
  piece: MailPiece,
  issuer: PdfIssuer,
  header: BatchHeader,
  position: { index: number; total: number },
): void {
  const { accent, ink, muted } = pdfColours;
  const { returnAddress, recipientAddress, folds, bodyTop } = envelopeLayout;
  doc.font('Helvetica').fontSize(9).fillColor(ink);
  doc.text(returnAddressLines(issuer).join('\n'), returnAddress.x, returnAddress.y, {
    width: returnAddress.width,
    lineGap: 1,
  });
  doc.font('Helvetica').fontSize(11).fillColor('#000000');
  doc.text(
    piece.address.slice(0, recipientAddress.maxLines).join('\n'),
    recipientAddress.x,
    recipientAddress.y,
    {
      width: recipientAddress.width,
      lineGap: 1.5,
    },
  );
  // Outside both windows: which piece this is, for the person folding and counting.
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(muted)
    .text(
      `Piece ${position.index} of ${position.total} · batch ${header.batchId.slice(0, 8)} · ${header.purposeLabel}`,
      5.3 * 72,
      0.6 * 72,
      { width: 2.6 * 72, align: 'right' },
    );
  for (const fold of folds) {
    doc.lineWidth(0.5).strokeColor('#b8c0cc').moveTo(0, fold).lineTo(14, fold).stroke();
  }
  doc.x = 72;
  doc.y = bodyTop;
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(accent)
    .text(`${issuer.brandName} Notes LLC`, 72, bodyTop);
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(9).fillColor(muted).text(formatLongDate(header.createdOn));
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(10.5).fillColor(ink);
  doc.text(`Dear ${piece.address[0] ?? 'investor'},`, { width: 468 });
  doc.moveDown(0.6);
  doc.text(piece.reason, { width: 468, lineGap: 2 });
  doc.moveDown(0.6);
  doc.text('Enclosed:', { width: 468 });
  for (const document of piece.documents) doc.text(`•  ${document.title}`, { width: 450, indent: 12 });
  doc.moveDown(0.8);
  doc
    .fontSize(9.5)
    .fillColor(muted)
    .text(
      `Questions, or a change of address: ${issuer.supportEmail}, or write to the address above. You can also see these documents in your account.`,
      { width: 468, lineGap: 1.5 },
    );
}

function drawNotice(
  doc: PDFKit.PDFDocument,
  document: Extract<EnclosedDocument, { kind: 'notice' }>,
  issuer: PdfIssuer,
) {
  const { accent, ink, muted } = pdfColours;
  doc
    .fillColor(accent)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(issuer.brandName.toUpperCase(), { characterSpacing: 1.5 });
  doc.moveDown(0.6);
  doc.fillColor(ink).fontSize(16).text(document.title);
  doc.moveDown(0.2);
  doc
    .fillColor(muted)
    .font('Helvetica')
    .fontSize(9)
    .text(`Notice of ${formatInstantDate(document.occurredAt, issuer.timeZone)}`);
  doc.moveDown(1);
  for (const paragraph of document.paragraphs) {
    doc.fillColor(ink).font('Helvetica').fontSize(10.5).text(paragraph, { lineGap: 2 });
    doc.moveDown(0.6);
  }
}

export function batchPdf(pieces: MailPiece[], issuer: PdfIssuer, header: BatchHeader): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'LETTER',
    autoFirstPage: false,
    info: {
      Title: `Print batch ${header.batchId.slice(0, 8)} (${header.purposeLabel})`,
      Author: `${issuer.brandName} Notes LLC`,
      Subject: 'Paper mail',
    },
  });
  pieces.forEach((piece, index) => {
    doc.addPage({ size: 'LETTER', layout: 'portrait', margin: 0 });
    drawAddressSheet(doc, piece, issuer, header, { index: index + 1, total: pieces.length });
    for (const document of piece.documents) {
      if (document.kind === 'tax_form') {
        doc.addPage({ size: 'LETTER', layout: 'landscape', margin: 40 });
        drawTaxForm(doc, document.form, issuer);
      } else if (document.kind === 'statement') {
        doc.addPage({ size: 'LETTER', layout: 'portrait', margin: 56 });
        drawStatement(doc, document.statement, document.entries, document.holder, issuer);
      } else {
        doc.addPage({ size: 'LETTER', layout: 'portrait', margin: 56 });
        drawNotice(doc, document, issuer);
      }
    }
  });
  doc.end();
  return doc;
}
