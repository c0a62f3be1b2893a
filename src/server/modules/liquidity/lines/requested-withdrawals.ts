/**
 * Withdrawals already requested: pending transfers to the bank, dated the quarter end they are
 * paid on, and withdrawal credits already sent and not yet settled, dated their settlement day.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/client';
import { datedAmounts, type ForecastLineSource } from '../forecast-line-source';

export const requestedWithdrawalsLine: ForecastLineSource = {
  key: 'withdrawals_requested',
  label: 'Withdrawals requested',
  kind: 'obligation',
  description:
    'Transfers to the bank investors have asked for, paid at the quarter end, and withdrawal payments already sent but not yet settled.',
  async collect(db, window) {
    const result = await db.execute(sql`
      select day, sum(cents)::text as cents from (
        select to_char(scheduled_for, 'YYYY-MM-DD') as day, (amount * 100)::bigint as cents
        from withdrawals where status = 'pending' and scheduled_for < ${window.until}::date
        union all
        select to_char(effective_date, 'YYYY-MM-DD'), (amount * 100)::bigint
        from ach_payments
        where payment_type = 'withdrawal' and direction = 'credit' and status in ('pending', 'posted')
      ) due group by day`);
    return datedAmounts(rowsOf<{ day: string; cents: string }>(result), window.today);
  },
};
