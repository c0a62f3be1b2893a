import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import {
  bankAccounts,
  investments,
  investmentTransactions,
  investorOnboarding,
  investors,
  taxRecords,
} from '../../db/schema';
import type { ReinvestmentKind } from '../../../shared/admin/dashboard-contracts';

/** These expressions are the ones indexed in migration 0003 (trigram GIN): keep them identical. */
const fullNameExpression = sql`lower(coalesce(${investors.firstName}, '') || ' ' || coalesce(${investors.lastName}, ''))`;
const emailExpression = sql`lower(${investors.email})`;
const phoneDigitsExpression = sql`regexp_replace(coalesce(${investors.phone}, ''), '[^0-9]', '', 'g')`;

function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface SummaryFigures {
  assetsUnderManagement: string;
  investorCount: number;
  activeInvestorCount: number;
  interestPaid: string;
  activeInvestmentCount: number;
  refreshedAt: Date | null;
  pendingChanges: number;
}

/** The summary row plus the changes not yet folded into it, in one statement (one snapshot). */
export async function selectSummaryFigures(db: Executor): Promise<SummaryFigures> {
  const result = await db.execute(sql`
    select (coalesce(summary.assets_under_management, 0) + pending.assets_under_management)::text as assets_under_management,
           (coalesce(summary.investor_count, 0) + pending.investor_count)::text as investor_count,
           (coalesce(summary.active_investor_count, 0) + pending.active_investor_count)::text as active_investor_count,
           (coalesce(summary.interest_paid, 0) + pending.interest_paid)::text as interest_paid,
           (coalesce(summary.active_investment_count, 0) + pending.active_investment_count)::text as active_investment_count,
           to_char(summary.refreshed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as refreshed_at,
           pending.changes::text as pending_changes
      from (select count(*) as changes,
                   coalesce(sum(assets_under_management), 0) as assets_under_management,
                   coalesce(sum(investor_count), 0) as investor_count,
                   coalesce(sum(active_investor_count), 0) as active_investor_count,
                   coalesce(sum(interest_paid), 0) as interest_paid,
                   coalesce(sum(active_investment_count), 0) as active_investment_count
              from platform_summary_deltas) pending
      left join platform_summary summary on summary.id = 1`);
  const [row] = rowsOf<Record<string, string | null>>(result);
  return {
    assetsUnderManagement: row?.assets_under_management ?? '0',
    investorCount: Number(row?.investor_count ?? 0),
    activeInvestorCount: Number(row?.active_investor_count ?? 0),
    interestPaid: row?.interest_paid ?? '0',
    activeInvestmentCount: Number(row?.active_investment_count ?? 0),
    refreshedAt: row?.refreshed_at ? new Date(row.refreshed_at) : null,
    pendingChanges: Number(row?.pending_changes ?? 0),
  };
}

export async function foldSummaryChanges(db: Executor): Promise<void> {
  await db.execute(sql`select fold_platform_summary()`);
}

const transactionColumns = {
  id: investmentTransactions.id,
  investmentId: investmentTransactions.investmentId,
  transactionType: investmentTransactions.transactionType,
  amount: investmentTransactions.amount,
  valueEffect: investmentTransactions.valueEffect,
  /*
   * A reinvestment's two sides read alike: the side into a note takes the kind from how that
   * note was made; the side out of a note is a rollover when a rollover note was made from it
   * in the same write (same instant), else a conversion.
   */
  reinvestmentKind: sql<ReinvestmentKind | null>`case
    when ${investmentTransactions.transactionType} <> 'reinvestment' then null
    when ${investmentTransactions.valueEffect} > 0 then
      case when ${investments.origin} = 'rollover' then 'rollover' else 'conversion' end
    when exists (select 1 from investments successor
                 where successor.source_investment_id = ${investmentTransactions.investmentId}
                   and successor.origin = 'rollover'
                   and successor.created_at = ${investmentTransactions.createdAt}) then 'rollover'
    else 'conversion' end`,
  transactionDate: investmentTransactions.transactionDate,
  createdAt: investmentTransactions.createdAt,
  investorId: investors.id,
  firstName: investors.firstName,
  lastName: investors.lastName,
  email: investors.email,
  investmentType: investments.investmentType,
};

export type TransactionWithInvestor = Awaited<ReturnType<typeof selectTransactions>>[number];

function selectTransactions(db: Executor, where: SQL | undefined, limit: number) {
  return db
    .select(transactionColumns)
    .from(investmentTransactions)
    .innerJoin(investors, eq(investors.id, investmentTransactions.investorId))
    .innerJoin(investments, eq(investments.id, investmentTransactions.investmentId))
    .where(where)
    .orderBy(
      // "nulls last" matches the ledger's (created_at desc, id desc) indexes, so the newest rows come straight from them.
      sql`${investmentTransactions.createdAt} desc nulls last`,
      sql`${investmentTransactions.id} desc nulls last`,
    )
    .limit(limit);
}

export function selectRecentTransactions(db: Executor, limit: number) {
  return selectTransactions(db, undefined, limit);
}

export function selectInvestorTransactions(db: Executor, investorId: string, limit: number) {
  return selectTransactions(db, eq(investmentTransactions.investorId, investorId), limit);
}

export function selectTransactionsById(db: Executor, id: string, limit: number) {
  return selectTransactions(db, eq(investmentTransactions.id, id), limit);
}

const investorColumns = {
  id: investors.id,
  firstName: investors.firstName,
  lastName: investors.lastName,
  email: investors.email,
  phone: investors.phone,
  status: investors.status,
  createdAt: investors.createdAt,
};
export type InvestorResultRow = Awaited<ReturnType<typeof selectInvestorsById>>[number];

export function selectInvestorsById(db: Executor, id: string, limit: number) {
  return db.select(investorColumns).from(investors).where(eq(investors.id, id)).limit(limit);
}

/** Partial name or e-mail; no ORDER BY, so the first matches from the index answer at once. */
export function selectInvestorsByText(db: Executor, text: string, limit: number) {
  const pattern = containing(text);
  return db
    .select(investorColumns)
    .from(investors)
    .where(or(sql`${fullNameExpression} like ${pattern}`, sql`${emailExpression} like ${pattern}`))
    .limit(limit);
}

export function selectInvestorsByPhoneDigits(db: Executor, digitVariants: string[], limit: number) {
  return db
    .select(investorColumns)
    .from(investors)
    .where(or(...digitVariants.map((digits) => sql`${phoneDigitsExpression} like ${containing(digits)}`)))
    .limit(limit);
}

export function selectInvestmentsById(db: Executor, id: string, limit: number) {
  return db
    .select({
      id: investments.id,
      investmentType: investments.investmentType,
      principalAmount: investments.principalAmount,
      interestAccrued: sql<string>`round(${investments.interestAccrued}, 2)::text`,
      status: investments.status,
      startDate: investments.startDate,
      investorId: investors.id,
      firstName: investors.firstName,
      lastName: investors.lastName,
      email: investors.email,
    })
    .from(investments)
    .innerJoin(investors, eq(investors.id, investments.investorId))
    .where(eq(investments.id, id))
    .limit(limit);
}

export async function selectInvestorProfile(db: Executor, investorId: string) {
  const [row] = await db
    .select({
      investor: investors,
      onboarding: investorOnboarding,
      kycStatus: taxRecords.kycStatus,
    })
    .from(investors)
    .leftJoin(investorOnboarding, eq(investorOnboarding.investorId, investors.id))
    .leftJoin(taxRecords, eq(taxRecords.investorId, investors.id))
    .where(eq(investors.id, investorId));
  if (!row) return undefined;
  const [bank] = await db
    .select({
      institutionName: bankAccounts.institutionName,
      accountType: bankAccounts.accountType,
      accountLastFour: bankAccounts.accountLastFour,
      verificationStatus: bankAccounts.verificationStatus,
    })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.investorId, investorId),
        eq(bankAccounts.isPrimary, true),
        isNull(bankAccounts.deletedAt),
      ),
    );
  return { ...row, bank };
}

/** The investor's notes with their value from the ledger, newest first. */
export function selectInvestorNotes(db: Executor, investorId: string) {
  const noteValues = db
    .select({
      investmentId: investmentTransactions.investmentId,
      value: sql<string>`sum(${investmentTransactions.valueEffect})`.as('value'),
    })
    .from(investmentTransactions)
    .where(eq(investmentTransactions.investorId, investorId))
    .groupBy(investmentTransactions.investmentId)
    .as('note_values');
  return db
    .select({
      id: investments.id,
      investmentType: investments.investmentType,
      principalAmount: investments.principalAmount,
      value: sql<string>`coalesce(${noteValues.value}, 0)::text`,
      interestAccrued: sql<string>`round(${investments.interestAccrued}, 2)::text`,
      interestRateAnnual: investments.interestRateAnnual,
      termYears: investments.termYears,
      startDate: investments.startDate,
      maturityDate: investments.maturityDate,
      status: investments.status,
    })
    .from(investments)
    .leftJoin(noteValues, eq(noteValues.investmentId, investments.id))
    .where(eq(investments.investorId, investorId))
    .orderBy(desc(investments.startDate), desc(investments.id));
}
