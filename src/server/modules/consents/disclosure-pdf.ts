/**
 * The disclosure as a PDF, with the access code the investor types back (decision 1921): the
 * records and tax forms come as PDFs, so opening this one shows the investor can open them.
 */
import PDFDocument from 'pdfkit';
import {
  type ConsentKind,
  currentDisclosureVersion,
  type DisclosureIssuer,
  electronicRecordsDisclosure,
  taxFormsDisclosure,
} from '../../../shared/consents/consent-disclosures';
import { pdfColours } from '../portal/promissory-note-pdf';

const titles: Record<ConsentKind, string> = {
  electronic_records: 'Consent to electronic records and signatures',
  tax_forms: 'Consent to electronic tax forms (Form 1099-INT)',
};

export function disclosurePdf(
  kind: ConsentKind,
  issuer: DisclosureIssuer,
  accessCode: string,
): PDFKit.PDFDocument {
  const { accent, ink, muted } = pdfColours;
  const version = currentDisclosureVersion[kind];
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: titles[kind], Author: `${issuer.brandName} Notes LLC`, Subject: `Disclosure ${version}` },
  });
  doc
    .fillColor(accent)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(issuer.brandName.toUpperCase(), { characterSpacing: 1.5 });
  doc.moveDown(0.6);
  doc.fillColor(ink).fontSize(20).text(titles[kind]);
  doc.moveDown(0.3);
  doc.fillColor(muted).font('Helvetica').fontSize(9).text(`Disclosure version ${version}`);
  doc.moveDown(1);
  const boxTop = doc.y;
  doc.roundedRect(56, boxTop, 500, 70, 6).fillAndStroke('#eef6f4', accent);
  doc
    .fillColor(ink)
    .font('Helvetica')
    .fontSize(10)
    .text('Your access code. Type it on the consent screen to show you can open this PDF:', 72, boxTop + 12, {
      width: 470,
    });
  doc
    .font('Courier-Bold')
    .fontSize(24)
    .fillColor(accent)
    .text(accessCode, 72, boxTop + 32, { characterSpacing: 6 });
  doc.y = boxTop + 90;
  const sections =
    kind === 'electronic_records' ? electronicRecordsDisclosure(issuer) : taxFormsDisclosure(issuer);
  for (const section of sections) {
    doc.x = 56;
    doc.fillColor(ink).font('Helvetica-Bold').fontSize(12).text(section.heading);
    doc.moveDown(0.25);
    for (const paragraph of section.paragraphs) {
      doc.fillColor(ink).font('Helvetica').fontSize(10).text(paragraph, { lineGap: 2 });
      doc.moveDown(0.4);
    }
    doc.moveDown(0.4);
  }
  doc.end();
  return doc;
}
