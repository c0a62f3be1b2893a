/**
 * Backup withholding to deposit with the IRS (decision 1911): the tax withheld from interest in a
 * month, due on the 15th of the next month (the monthly depositor's schedule of IRS Publication 15
 * section 11; a semiweekly depositor deposits sooner, which moves amounts to an earlier week of
 * the same or the previous period). Deposits are not recorded in the platform, so a month whose
 * due date has passed counts as deposited; only what was already withheld is counted, never an
 * estimate of future withholding.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/client';
import { datedAmounts, type ForecastLineSource } from '../forecast-line-source';

export const backupWithholdingDepositsLine: ForecastLineSource = {
  key: 'backup_withholding_to_deposit',
  label: 'Backup withholding to deposit',
  kind: 'obligation',
  description:
    'Tax withheld from interest payments (backup withholding), due to the IRS on the 15th of the month after it was withheld; months already due count as deposited.',
  async collect(db, window) {
    const result = await db.execute(sql`
      select to_char(due, 'YYYY-MM-DD') as day, sum(cents)::text as cents from (
        select (date_trunc('month', entry_date) + interval '1 month 14 days')::date as due,
               (amount * 100)::bigint as cents
        from backup_withholding_entries
        where entry_date >= (date_trunc('month', ${window.today}::date) - interval '1 month')::date
      ) withheld
      where due >= ${window.today}::date and due < ${window.until}::date
      group by due`);
    return datedAmounts(rowsOf<{ day: string; cents: string }>(result), window.today);
  },
};
