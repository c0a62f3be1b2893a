/**
 * Monthly statements' months as shown and named, without zod (the schemas are in document-contracts.ts), for the portal's read-only pages (decision 1411).
 */
import type { IsoDate } from '../dates/calendar-date';
import { formatMonthYear } from '../format/long-date';

/** "2026-03-01" -> "2026-03". */
export function statementMonthOf(period: string): string {
  return period.slice(0, 7);
}

/** "2026-03" -> "March 2026". */
export function statementMonthLabel(month: string): string {
  return formatMonthYear(`${month}-01` as IsoDate);
}

export function statementFileName(month: string): string {
  return `statement-${month}.pdf`;
}
