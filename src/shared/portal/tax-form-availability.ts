/**
 * When an investor's 1099-INT is offered (issue 24 item 17, decision 1830): only once the year-end
 * tax run has issued it (decision 1622). Until then the portal says when it will be there: the
 * IRS asks payers to furnish Copy B by January 31 of the next year.
 */
import type { IsoDate } from '../dates/calendar-date';
import { formatLongDate } from '../format/long-date';

export function taxFormDueDate(taxYear: number): IsoDate {
  return `${taxYear + 1}-01-31`;
}

/** What the investor reads about a year's form that has not been issued yet. */
export function taxFormPendingMessage(taxYear: number, today: IsoDate): string {
  const due = taxFormDueDate(taxYear);
  if (today <= due) return `Your ${taxYear} Form 1099-INT will be here by ${formatLongDate(due)}.`;
  return `Your ${taxYear} Form 1099-INT is being prepared. We will let you know as soon as it is here.`;
}
