import { type SQL, sql } from 'drizzle-orm';

/**
 * A run settles in two passes: first funding debits and withdrawal credits, then the interest
 * credits whose note's funding debit has settled (PRODUCT.md 36). A credit of a note whose
 * funding is still pending waits, pending, for a later run; one whose funding failed in the
 * first pass has been cancelled with its note by then.
 */
export type SettlementPass = 'debits-and-withdrawals' | 'funded-interest-credits';

export function passFilter(pass: SettlementPass): SQL {
  return pass === 'debits-and-withdrawals'
    ? sql`a.payment_type <> 'interest'`
    : sql`a.payment_type = 'interest' and not exists (
        select 1 from ach_payments f
        where f.investment_id = a.investment_id and f.payment_type = 'funding' and f.status <> 'settled')`;
}
