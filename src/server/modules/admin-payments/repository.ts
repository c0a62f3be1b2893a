/** The SQL of the admin Payments page (decision 1521): payments across investors, owed credits. */
import { type SQL, sql } from 'drizzle-orm';
import type { AdminPaymentsFilters } from '../../../shared/admin/payment-contracts';
import { type Executor, rowsOf } from '../../db/client';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PaymentRow {
  id: string;
  created_at: Date | string;
  effective_date: string;
  settled_at: Date | string | null;
  investor_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  investment_id: string | null;
  investment_type: string | null;
  term_years: number | null;
  payment_type: string;
  amount: string;
  status: string;
  return_code: string | null;
  failure_reason: string | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The WHERE clause of the filters; dates are business dates in `timeZone`. */
function whereOf(filters: AdminPaymentsFilters, timeZone: string): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.status) parts.push(sql`a.status = ${filters.status}`);
  if (filters.from)
    parts.push(sql`a.created_at >= (${filters.from}::date)::timestamp at time zone ${timeZone}`);
  if (filters.to) {
    parts.push(sql`a.created_at < (${filters.to}::date + 1)::timestamp at time zone ${timeZone}`);
  }
  const q = filters.q?.trim();
  if (q && uuidPattern.test(q)) {
    parts.push(sql`(a.investor_id = ${q}::uuid or a.id = ${q}::uuid)`);
  } else if (q && q.length >= 3) {
    const pattern = `%${escapeLike(q)}%`;
    parts.push(sql`(i.email ilike ${pattern}
      or (coalesce(i.first_name, '') || ' ' || coalesce(i.last_name, '')) ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

const paymentColumns = sql`
  a.id, a.created_at, to_char(a.effective_date, 'YYYY-MM-DD') as effective_date, a.settled_at,
  a.investor_id, i.first_name, i.last_name, i.email, a.investment_id, n.investment_type, n.term_years,
  a.payment_type, a.amount::text as amount, a.status, a.return_code, a.failure_reason`;

const paymentSource = sql`
  from ach_payments a
  join investors i on i.id = a.investor_id
  left join investments n on n.id = a.investment_id`;

export async function selectPaymentsPage(
  db: Executor,
  filters: AdminPaymentsFilters,
  timeZone: string,
  page: { limit: number; offset: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const where = whereOf(filters, timeZone);
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${paymentColumns} ${paymentSource} where ${where}
      order by a.created_at desc, a.id desc limit ${page.limit} offset ${page.offset}`),
    db.execute(sql`select count(*)::int as total ${paymentSource} where ${where}`),
  ]);
  return { rows: rowsOf<PaymentRow>(rows), total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0 };
}

/** One batch of the CSV, newest first, after the (created_at, id) of the last row sent. */
export async function selectPaymentsAfter(
  db: Executor,
  filters: AdminPaymentsFilters,
  timeZone: string,
  after: { createdAt: Date | string; id: string } | null,
  limit: number,
): Promise<PaymentRow[]> {
  const where = whereOf(filters, timeZone);
  const position = after
    ? sql`and (a.created_at, a.id) < (${new Date(after.createdAt).toISOString()}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const result = await db.execute(sql`select ${paymentColumns} ${paymentSource} where ${where} ${position}
    order by a.created_at desc, a.id desc limit ${limit}`);
  return rowsOf<PaymentRow>(result);
}

export interface OwedCreditRow {
  id: string;
  created_at: Date | string;
  investor_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  investment_id: string | null;
  ach_payment_id: string | null;
  payment_type: string | null;
  amount: string;
  reason: string;
  return_code: string | null;
  is_in_flight: boolean;
}

/** Most owed credits the page lists (open ones are few: each is a returned or failed credit). */
export const OWED_CREDITS_SHOWN = 200;

/** Open amounts owed to investors, oldest first (the longest waiting at the top). */
export async function selectOpenOwedCredits(db: Executor): Promise<OwedCreditRow[]> {
  const result = await db.execute(sql`
    select o.id, o.created_at, o.investor_id, i.first_name, i.last_name, i.email,
           coalesce(o.investment_id, a.investment_id) as investment_id, o.ach_payment_id, a.payment_type,
           o.amount::text as amount, o.reason,
           coalesce(last.return_code, a.return_code) as return_code,
           coalesce(last.status in ('pending', 'posted'), false) as is_in_flight
    from amounts_owed o
    join investors i on i.id = o.investor_id
    left join ach_payments a on a.id = o.ach_payment_id
    left join lateral (
      select r.return_code, r.status from ach_payments r
      where r.repays_amount_owed_id = o.id order by r.created_at desc, r.id desc limit 1
    ) last on true
    where o.direction = 'owed_to_investor' and o.status = 'open'
    order by o.created_at, o.id
    limit ${OWED_CREDITS_SHOWN}`);
  return rowsOf<OwedCreditRow>(result);
}
