/**
 * Inflows already known: note purchases' funding debits in flight (pending or sent, not yet
 * settled), dated their settlement day.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/client';
import { datedAmounts, type ForecastLineSource } from '../forecast-line-source';

export const fundingInflowsLine: ForecastLineSource = {
  key: 'funding_in_flight',
  label: 'Funding debits in flight',
  kind: 'inflow',
  description: 'Purchases whose ACH debit is pending or sent and not yet settled: money on its way in.',
  async collect(db, window) {
    const result = await db.execute(sql`
      select to_char(effective_date, 'YYYY-MM-DD') as day, (sum(amount) * 100)::bigint::text as cents
      from ach_payments
      where payment_type = 'funding' and direction = 'debit' and status in ('pending', 'posted')
      group by effective_date`);
    return datedAmounts(rowsOf<{ day: string; cents: string }>(result), window.today);
  },
};
