/**
 * Amounts owed to investors (PRODUCT.md 36): credits the receiving bank returned, open and due
 * now, dated today.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/client';
import type { ForecastLineSource } from '../forecast-line-source';

export const amountsOwedLine: ForecastLineSource = {
  key: 'amounts_owed',
  label: 'Amounts owed (returned credits)',
  kind: 'obligation',
  description: 'Credits to investors that their bank returned and that are still owed: due now.',
  async collect(db, window) {
    const result = await db.execute(sql`
      select (coalesce(sum(amount), 0) * 100)::bigint::text as cents
      from amounts_owed where direction = 'owed_to_investor' and status = 'open'`);
    const cents = BigInt(rowsOf<{ cents: string }>(result)[0]?.cents ?? '0');
    return cents === 0n ? [] : [{ date: window.today, cents }];
  },
};
