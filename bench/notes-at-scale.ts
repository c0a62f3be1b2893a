/**
 * The bench seed at scale (issues 7, 14 and 28): investors with active notes, their purchase
 * entries, settled funding debits and January's interest, built with set-based SQL in seconds
 * instead of through the engine. Only the investors it creates (bench…@bench.example) are
 * touched, so it can grow a demo database as well as fill an empty one.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { cumulativeInterestAt } from '../src/server/modules/money/money-sql';

const benchInvestors = sql`select id from investors where email like 'bench%@bench.example'`;

/**
 * The state the engine leaves on the eve of the run date: notes started in January 2026,
 * interest accrued through Feb 27 and January posted, with their purchase entries, settled
 * funding debits and January's interest: a ledger the engine could have written, so the ledger
 * check, which recomputes every posting from its note's terms, holds on it. Built with set-based SQL.
 */
export async function seedNotesAtScale(
  db: Database,
  { noteCount, notesPerInvestor }: { noteCount: number; notesPerInvestor: number },
): Promise<void> {
  const investorCount = Math.ceil(noteCount / notesPerInvestor);
  await db.execute(sql`
    insert into users (id, email, email_verified_at)
    select gen_random_uuid(), 'bench' || n || '@bench.example', now() from generate_series(1, ${investorCount}) n`);
  await db.execute(sql`
    insert into investors (user_id, first_name, last_name, email, status, referral_code)
    select id, 'Bench', 'Investor', email, 'active', 'B' || row_number() over () from users
    where email like 'bench%@bench.example'`);
  await db.execute(sql`
    insert into bank_accounts (investor_id, provider, institution_name, account_type, account_last_four, is_primary,
                               verification_status, verified_at)
    select id, 'sandbox', 'Bench Bank', 'checking', '1234', true, 'verified', now() from investors
    where email like 'bench%@bench.example'`);
  // PGlite has no autovacuum: without statistics its planner joins these tables in nested loops.
  await db.execute(sql`analyze users, investors, bank_accounts`);
  const eve = '2026-02-28';
  // Posted through January and accrued through Feb 27, by the engine's own formula and rounding.
  await db.execute(sql`
    insert into investments (investor_id, investment_type, principal_amount, interest_rate_annual, term_years, start_date,
                             maturity_date, status, accrued_through, interest_posted, last_posted_period, interest_accrued)
    select i.investor_id, i.investment_type, i.principal_amount, i.interest_rate_annual, i.term_years, i.start_date,
           i.maturity_date, 'active', ${eve}::date, round(${cumulativeInterestAt(sql`'2026-02-01'::date`)}, 2), '2026-01-01',
           ${cumulativeInterestAt(sql`${eve}::date`)} - round(${cumulativeInterestAt(sql`'2026-02-01'::date`)}, 2)
    from (
      select v.id as investor_id, n.kind as investment_type, n.principal as principal_amount, n.rate as interest_rate_annual,
             n.term as term_years, n.start as start_date,
             case when n.kind = 'standard' then (n.start + interval '12 months')::date
                  else (n.start + make_interval(years => n.term::int))::date end as maturity_date,
             0::numeric as amount_withdrawn, 0::numeric as withdrawn_principal_days,
             0::numeric as interest_reinvested, 0::numeric as reinvested_principal_days
      from (select id, row_number() over (order by id) as position from investors
            where email like 'bench%@bench.example') v
      cross join lateral (
        select k,
               case when (v.position + k) % 2 = 0 then 'standard' else 'high_yield' end as kind,
               (5000 + ((v.position * 7919 + k * 104729) % 95000))::numeric(14, 2) as principal,
               case when (v.position + k) % 2 = 0 then 0.08
                    else (array[0.09, 0.094, 0.098, 0.1024])[1 + (v.position + k) % 4] end::numeric(9, 6) as rate,
               case when (v.position + k) % 2 = 0 then 1 else 3 + (v.position + k) % 3 end as term,
               ('2026-01-01'::date + ((v.position * 31 + k * 97) % 31)::int) as start
        from generate_series(1, ${notesPerInvestor}) k
      ) n
      limit ${noteCount}
    ) i`);
  await db.execute(sql`analyze investments`);
  // January's posting of each note (and its credit), as the run of 1 February made it.
  await db.execute(sql`
    insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                         transaction_date, posting_period, ach_payment_id, notes)
    select i.id, i.investor_id, 'interest_payment', i.interest_posted,
           case when i.investment_type = 'high_yield' then i.interest_posted else 0 end, '2026-02-01', '2026-01-01',
           case when i.investment_type = 'standard' then gen_random_uuid() end, 'Interest through January'
    from investments i where i.interest_posted > 0 and i.investor_id in (${benchInvestors})`);
  await db.execute(sql`analyze investment_transactions`);
  await db.execute(sql`
    insert into ach_payments (id, investor_id, bank_account_id, investment_id, payment_type, direction, amount, status,
                              effective_date, settled_at, posting_period)
    select t.ach_payment_id, t.investor_id, b.id, t.investment_id, 'interest', 'credit', t.amount, 'settled',
           '2026-02-02', now(), t.posting_period
    from investment_transactions t join bank_accounts b on b.investor_id = t.investor_id
    where t.transaction_type = 'interest_payment' and t.ach_payment_id is not null
      and t.investor_id in (${benchInvestors})`);
  await db.execute(sql`analyze ach_payments`);
  await db.execute(sql`
    insert into ach_payments (investor_id, bank_account_id, investment_id, payment_type, direction, amount, status,
                              effective_date, settled_at)
    select i.investor_id, b.id, i.id, 'funding', 'debit', i.principal_amount, 'settled', i.start_date + 1, now()
    from investments i join bank_accounts b on b.investor_id = i.investor_id
    where i.investor_id in (${benchInvestors})`);
  await db.execute(sql`analyze ach_payments`);
  await db.execute(sql`
    insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                         transaction_date, ach_payment_id, notes)
    select i.id, i.investor_id, 'purchase', i.principal_amount, i.principal_amount, i.start_date, a.id, 'Note purchased'
    from investments i join ach_payments a on a.investment_id = i.id and a.payment_type = 'funding'
    where i.investor_id in (${benchInvestors})`);
  await db.execute(
    sql`vacuum analyze users, investors, bank_accounts, investments, investment_transactions, ach_payments`,
  );
}
