/**
 * Certifications, B notices and the withholding liability (decisions 1910-1913): the only SQL of
 * the backup withholding module.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { centsToMoney, parseMoneyToCents } from '../../../shared/money/decimal-string';
import { type Executor, rowsOf } from '../../db/client';
import { backupWithholdingNotices, tinCertifications } from '../../db/schema';
import {
  type BackupWithholdingRule,
  backupWithholdingReasonSql,
  BACKUP_WITHHOLDING_STARTED_SETTING,
} from './withholding-rule';

export type TinCertificationRow = typeof tinCertifications.$inferSelect;
export type BNoticeRow = typeof backupWithholdingNotices.$inferSelect;

export async function findCurrentCertification(
  db: Executor,
  investorId: string,
): Promise<TinCertificationRow | undefined> {
  const [row] = await db
    .select()
    .from(tinCertifications)
    .where(and(eq(tinCertifications.investorId, investorId), isNull(tinCertifications.supersededAt)));
  return row;
}

/** Ends the current certification (a new one replaces it, or the TIN it was for changed). */
export async function supersedeCertification(
  db: Executor,
  investorId: string,
  reason: 'recertified' | 'tin_changed' | 'tin_removed',
  now: Date,
): Promise<number> {
  const rows = await db
    .update(tinCertifications)
    .set({ supersededAt: now, supersededReason: reason })
    .where(and(eq(tinCertifications.investorId, investorId), isNull(tinCertifications.supersededAt)))
    .returning({ id: tinCertifications.id });
  return rows.length;
}

export async function insertCertification(
  db: Executor,
  row: Omit<typeof tinCertifications.$inferInsert, 'id' | 'supersededAt' | 'supersededReason'>,
): Promise<TinCertificationRow> {
  await supersedeCertification(db, row.investorId, 'recertified', row.certifiedAt);
  const [saved] = await db.insert(tinCertifications).values(row).returning();
  return saved!;
}

/** Locks the investor's row inside a transaction (a plain read outside one); false when there is none. */
export async function lockInvestorRow(db: Executor, investorId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from investors where id = ${investorId}::uuid for update`),
  );
  return rows.length > 0;
}

export async function listNotices(db: Executor, investorId: string): Promise<BNoticeRow[]> {
  return db
    .select()
    .from(backupWithholdingNotices)
    .where(eq(backupWithholdingNotices.investorId, investorId))
    .orderBy(desc(backupWithholdingNotices.recordedAt));
}

export async function insertNotice(
  db: Executor,
  row: Pick<
    typeof backupWithholdingNotices.$inferInsert,
    'investorId' | 'noticeKind' | 'receivedOn' | 'recordedBy' | 'recordedAt'
  >,
): Promise<BNoticeRow | undefined> {
  const [saved] = await db.insert(backupWithholdingNotices).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function lockNotice(
  db: Executor,
  investorId: string,
  noticeId: string,
): Promise<BNoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(backupWithholdingNotices)
    .where(
      and(eq(backupWithholdingNotices.id, noticeId), eq(backupWithholdingNotices.investorId, investorId)),
    )
    .for('update');
  return row;
}

export async function resolveNotice(
  db: Executor,
  input: { noticeId: string; resolution: string; note: string | null; resolvedBy: string; now: Date },
): Promise<BNoticeRow> {
  const [row] = await db
    .update(backupWithholdingNotices)
    .set({
      resolution: input.resolution,
      resolutionNote: input.note,
      resolvedBy: input.resolvedBy,
      resolvedAt: input.now,
    })
    .where(eq(backupWithholdingNotices.id, input.noticeId))
    .returning();
  return row!;
}

export async function adminEmailsOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; email: string }>(
    await db.execute(
      sql`select id::text as id, email from admin_users where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Why a payment made on `day` would be withheld from (null: it would not), and the grace's end. */
export async function readWithholdingState(
  db: Executor,
  investorId: string,
  day: IsoDate,
  rule: BackupWithholdingRule,
): Promise<{ reason: string | null; hasTin: boolean; graceUntil: IsoDate | null }> {
  const investor = sql`${investorId}::uuid`;
  const [row] = rowsOf<{ reason: string | null; has_tin: boolean; grace_until: IsoDate | null }>(
    await db.execute(sql`
      select ${backupWithholdingReasonSql(investor, sql`${day}::date`, rule)} as reason,
             exists (select 1 from tax_records tr where tr.investor_id = ${investor} and tr.kyc_status <> 'rejected') as has_tin,
             (select to_char(greatest((s.value #>> '{}')::date, tr.created_at::date) + ${rule.graceDays}::int, 'YYYY-MM-DD')
              from tax_records tr, app_settings s
              where tr.investor_id = ${investor} and s.key = ${BACKUP_WITHHOLDING_STARTED_SETTING}) as grace_until`),
  );
  return { reason: row?.reason ?? null, hasTin: row?.has_tin ?? false, graceUntil: row?.grace_until ?? null };
}

/** The investor's withholding net of reversals, in a year (box 4 of the 1099-INT). */
export async function sumWithheld(db: Executor, investorId: string, year: number): Promise<string> {
  const [row] = rowsOf<{ total: string }>(
    await db.execute(sql`
      select coalesce(sum(amount), 0)::numeric(14, 2)::text as total from backup_withholding_entries
      where investor_id = ${investorId}::uuid
        and entry_date >= make_date(${year}::int, 1, 1) and entry_date < make_date(${year}::int + 1, 1, 1)`),
  );
  return row?.total ?? '0.00';
}

export interface Form945Figures {
  totalWithheld: string;
  interestAmount: string;
  payments: number;
  byMonth: { month: string; withheld: string }[];
  investors: {
    investorId: string;
    name: string;
    tinLastFour: string | null;
    payments: number;
    interestAmount: string;
    withheld: string;
    reasons: string[];
  }[];
}

/**
 * A year's backup withholding from the liability account (Form 945 line 1), by month (the deposit
 * schedule) and by investor. Entries are dated by the payment (the reversal's by its own day).
 */
export async function readForm945Figures(db: Executor, year: number): Promise<Form945Figures> {
  const inYear = sql`w.entry_date >= make_date(${year}::int, 1, 1) and w.entry_date < make_date(${year}::int + 1, 1, 1)`;
  const months = rowsOf<{ month: string; withheld: string }>(
    await db.execute(sql`
      select to_char(date_trunc('month', w.entry_date), 'YYYY-MM') as month, sum(w.amount)::numeric(14, 2)::text as withheld
      from backup_withholding_entries w where ${inYear}
      group by 1 order by 1`),
  );
  const investors = rowsOf<{
    investor_id: string;
    name: string;
    tin_last_four: string | null;
    payments: number;
    interest_amount: string;
    withheld: string;
    reasons: string[];
  }>(
    await db.execute(sql`
      select w.investor_id::text as investor_id,
             coalesce(nullif(trim(coalesce(tr.legal_first_name, i.first_name, '') || ' ' || coalesce(tr.legal_last_name, i.last_name, '')), ''), u.email) as name,
             tr.ssn_last_four as tin_last_four,
             (count(*) filter (where w.amount > 0) - count(*) filter (where w.amount < 0))::int as payments,
             sum(w.interest_amount)::numeric(14, 2)::text as interest_amount,
             sum(w.amount)::numeric(14, 2)::text as withheld,
             array_agg(distinct w.reason order by w.reason) as reasons
      from backup_withholding_entries w
      join investors i on i.id = w.investor_id
      join users u on u.id = i.user_id
      left join tax_records tr on tr.investor_id = w.investor_id
      where ${inYear}
      group by w.investor_id, tr.legal_first_name, tr.legal_last_name, i.first_name, i.last_name, u.email, tr.ssn_last_four
      order by name, w.investor_id`),
  );
  let total = 0n;
  let interest = 0n;
  let payments = 0;
  const cents = (value: string) => parseMoneyToCents(value) ?? 0n;
  for (const row of investors) {
    total += cents(row.withheld);
    interest += cents(row.interest_amount);
    payments += row.payments;
  }
  return {
    totalWithheld: centsToMoney(total),
    interestAmount: centsToMoney(interest),
    payments,
    byMonth: months,
    investors: investors.map((row) => ({
      investorId: row.investor_id,
      name: row.name,
      tinLastFour: row.tin_last_four,
      payments: row.payments,
      interestAmount: row.interest_amount,
      withheld: row.withheld,
      reasons: row.reasons,
    })),
  };
}

/**
 * Migration 0410 wrote the rule's first day as the database's date, which is UTC's. From 7 pm to
 * midnight in New York that is already the next business day, so a database made then did not
 * withhold on the business day it was made (decision 1978). Moves a first day that is exactly the
 * business day after `today` back to `today`; any other day (a test's clock in another year, a
 * day set on purpose) is left as it is.
 */
export async function settleWithholdingStart(db: Executor, today: IsoDate): Promise<void> {
  await db.execute(sql`
    update app_settings set value = to_jsonb(${today}::text), updated_at = now()
    where key = ${BACKUP_WITHHOLDING_STARTED_SETTING} and (value #>> '{}')::date = ${today}::date + 1`);
}
