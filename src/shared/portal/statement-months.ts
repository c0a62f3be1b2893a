/**
 * Monthly statements' months as shown and named, without zod (the schemas are in document-contracts.ts), for the portal's read-only pages (decision 1411).
 */

/** "2026-03-01" -> "2026-03". */
export function statementMonthOf(period: string): string {
  return period.slice(0, 7);
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "2026-03" -> "March 2026". */
export function statementMonthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${monthNames[Number(number) - 1] ?? ''} ${year ?? ''}`.trim();
}

export function statementFileName(month: string): string {
  return `statement-${month}.pdf`;
}
