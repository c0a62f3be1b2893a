import { describe, expect, it } from 'vitest';
import { taxYearDeadlines } from './tax-calendar';

describe('taxYearDeadlines', () => {
  it('keeps January 31 and March 31 when they are business days', () => {
    // Tax year 2025: 2026-01-31 is a Saturday (moves to Monday Feb 2); 2026-03-31 is a Tuesday.
    const [recipient, filing] = taxYearDeadlines(2025);
    expect(recipient).toMatchObject({ nominalDate: '2026-01-31', dueDate: '2026-02-02' });
    expect(filing).toMatchObject({ nominalDate: '2026-03-31', dueDate: '2026-03-31' });
  });

  it('rolls a Sunday deadline to Monday', () => {
    // Tax year 2026: 2027-01-31 is a Sunday; 2027-03-31 is a Wednesday.
    const [recipient, filing] = taxYearDeadlines(2026);
    expect(recipient?.dueDate).toBe('2027-02-01');
    expect(filing?.dueDate).toBe('2027-03-31');
  });

  it('rolls a Saturday March 31 to Monday April 2', () => {
    // Tax year 2029: 2030-03-31 is a Sunday -> April 1; tax year 2017: 2018-03-31 Saturday -> April 2.
    expect(taxYearDeadlines(2029)[1]?.dueDate).toBe('2030-04-01');
    expect(taxYearDeadlines(2017)[1]?.dueDate).toBe('2018-04-02');
  });
});
