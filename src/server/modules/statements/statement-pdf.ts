/**
 * The monthly statement PDF (decision 1720): the month's summary as frozen when the statement
 * was generated, then every ledger entry of the month.
 */
import PDFDocument from 'pdfkit';
import { NAME_FALLBACK } from '../../../shared/brand';
import { endOfMonth } from '../../../shared/dates/calendar-date';
import { formatLongDate } from '../../../shared/format/long-date';
import { formatUsd } from '../../../shared/format/money-format';
import { centsToMoney, parseMoneyToCents } from '../../../shared/money/decimal-string';
import { transactionLabel } from '../../../shared/ledger/transaction-labels';
import { statementMonthLabel, statementMonthOf } from '../../../shared/portal/document-contracts';
import {
  balanceChangeText,
  purchaseReference,
  signedValueEffect,
} from '../../../shared/portal/transaction-display';
import { type PdfIssuer, pdfColours } from '../portal/promissory-note-pdf';
import type { StatementEntryRow, StatementHolderRow, StatementRow } from './statement-repository';

const { accent, ink, muted } = pdfColours;

function holderName(holder: StatementHolderRow): string {
  return [holder.first_name, holder.last_name].filter(Boolean).join(' ').trim() || NAME_FALLBACK;
}

function negative(amount: string): string {
  return amount === '0.00' ? formatUsd(amount) : `-${formatUsd(amount)}`;
}

function signed(amount: string): string {
  return amount.startsWith('-') ? `-${formatUsd(amount.slice(1))}` : formatUsd(amount);
}

export function statementPdf(
  statement: StatementRow,
  entries: StatementEntryRow[],
  holder: StatementHolderRow,
  issuer: PdfIssuer,
): PDFKit.PDFDocument {
  const month = statementMonthOf(statement.period);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: {
      Title: `Statement ${statementMonthLabel(month)}`,
      Author: `${issuer.brandName} Notes LLC`,
      Subject: 'Monthly statement',
    },
  });
  drawStatement(doc, statement, entries, holder, issuer);
  doc.end();
  return doc;
}

/** Draws the statement from the current page on: the download above, and the paper batches (decision 1924). */
export function drawStatement(
  doc: PDFKit.PDFDocument,
  statement: StatementRow,
  entries: StatementEntryRow[],
  holder: StatementHolderRow,
  issuer: PdfIssuer,
): void {
  const month = statementMonthOf(statement.period);
  doc
    .fillColor(accent)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(issuer.brandName.toUpperCase(), { characterSpacing: 1.5 });
  doc.moveDown(0.6);
  doc
    .fillColor(ink)
    .fontSize(22)
    .text(`Statement for ${statementMonthLabel(month)}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(muted)
    .text(
      `${holderName(holder)}  ·  ${holder.email}  ·  ${formatLongDate(statement.period)} to ${formatLongDate(endOfMonth(statement.period))}`,
    );
  doc.moveDown(1.2);

  const summary: [string, string, boolean][] = [
    ['Opening balance', formatUsd(statement.opening_balance), true],
    ['Purchases', formatUsd(statement.purchases), false],
    ['Interest added to notes', formatUsd(statement.interest_credited), false],
    ['Transfers to your bank', negative(statement.transfers_to_bank), false],
    ['Moved between your notes', signed(statement.moved_between_notes), false],
    ['Adjustments (reversals, early redemption penalties)', signed(statement.adjustments), false],
    ['Closing balance', formatUsd(statement.closing_balance), true],
  ];
  const left = 56;
  const valueRight = 556;
  for (const [label, value, isTotal] of summary) {
    const y = doc.y;
    doc
      .font(isTotal ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10.5)
      .fillColor(ink)
      .text(label, left, y, { width: 300 });
    doc.text(value, left + 300, y, { width: valueRight - left - 300, align: 'right' });
    doc.moveDown(0.45);
  }
  doc.x = left;
  doc.moveDown(0.6);
  const withheldCents = entries.reduce(
    (sum, entry) => sum + (parseMoneyToCents(entry.backup_withheld) ?? 0n),
    0n,
  );
  const aside: [string, string][] = [
    ['Interest paid to your bank (not part of the balance)', formatUsd(statement.interest_paid)],
    ...(withheldCents > 0n
      ? ([
          [
            'Of which backup withholding sent to the IRS (Form 1099-INT box 4)',
            `-${formatUsd(centsToMoney(withheldCents))}`,
          ],
        ] as [string, string][])
      : []),
    [
      `Interest earned by ${formatLongDate(endOfMonth(statement.period))}, not yet posted`,
      formatUsd(statement.accrued_unposted),
    ],
  ];
  for (const [label, value] of aside) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(muted).text(label, left, y, { width: 360 });
    doc.text(value, left + 360, y, { width: valueRight - left - 360, align: 'right' });
    doc.moveDown(0.45);
  }
  doc.x = left;
  doc.moveDown(1);

  doc.fillColor(accent).font('Helvetica-Bold').fontSize(13).text('Activity');
  doc.moveDown(0.4);
  if (entries.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(muted).text('No activity this month.');
  }
  const columns = { date: left, what: left + 90, note: left + 300, amount: left + 390 };
  if (entries.length > 0) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(muted);
    doc.text('Date', columns.date, y);
    doc.text('Entry', columns.what, y);
    doc.text('Note', columns.note, y);
    doc.text('Balance change', columns.amount, y, { width: valueRight - columns.amount, align: 'right' });
    doc.moveDown(0.3);
  }
  for (const entry of entries) {
    if (doc.y > 700) doc.addPage();
    const y = doc.y;
    const label =
      entry.transaction_type === 'interest_payment' && entry.posting_period
        ? `${transactionLabel(entry)} (${statementMonthLabel(statementMonthOf(entry.posting_period))})`
        : transactionLabel(entry);
    const withheld = parseMoneyToCents(entry.backup_withheld) ?? 0n;
    const toBank = (parseMoneyToCents(entry.amount) ?? 0n) - withheld;
    const change =
      signedValueEffect(entry.value_effect) === '0.00'
        ? withheld > 0n
          ? `${formatUsd(centsToMoney(toBank))} to bank, ${formatUsd(centsToMoney(withheld))} withheld`
          : `${formatUsd(entry.amount)} to bank`
        : balanceChangeText(entry.value_effect, formatUsd);
    doc.font('Helvetica').fontSize(9.5).fillColor(ink);
    doc.text(formatLongDate(entry.transaction_date), columns.date, y, { width: 88 });
    doc.text(label, columns.what, y, { width: 205 });
    doc.text(purchaseReference(entry.investment_id), columns.note, y, { width: 88 });
    doc.text(change, columns.amount, y, { width: valueRight - columns.amount, align: 'right' });
    doc.moveDown(0.35);
  }
  doc.x = left;
  doc.moveDown(1.2);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(muted)
    .text(
      `Your balance is the value of your notes. Entries are listed by the day they were posted; interest is posted at the start of the month after it is earned. Issued by ${issuer.brandName} Notes LLC, ${issuer.postalAddress}. Questions: ${issuer.supportEmail}.`,
    );
}
