/**
 * The year's information-return deadlines for Form 1099-INT (decision 1923): recipient copies
 * by January 31 and electronic filing with the IRS by March 31 of the next year. A deadline on
 * a Saturday, Sunday or legal holiday moves to the next business day (26 U.S.C. 7503); the
 * Federal Reserve holiday list stands in for the legal holidays (no holiday falls near either
 * date, so only the weekend roll matters in practice).
 */
import { nextBusinessDayOnOrAfter } from '../dates/business-days';
import type { IsoDate } from '../dates/calendar-date';

export interface TaxDeadline {
  key: 'recipient_copies' | 'electronic_filing';
  label: string;
  nominalDate: IsoDate;
  dueDate: IsoDate;
}

export function taxYearDeadlines(taxYear: number): TaxDeadline[] {
  const next = taxYear + 1;
  const recipient = `${next}-01-31`;
  const filing = `${next}-03-31`;
  return [
    {
      key: 'recipient_copies',
      label: 'Recipient copies furnished (electronic or mailed)',
      nominalDate: recipient,
      dueDate: nextBusinessDayOnOrAfter(recipient),
    },
    {
      key: 'electronic_filing',
      label: 'Electronic filing with the IRS',
      nominalDate: filing,
      dueDate: nextBusinessDayOnOrAfter(filing),
    },
  ];
}
