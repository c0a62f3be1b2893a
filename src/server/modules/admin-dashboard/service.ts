import {
  type AdminDashboardResponse,
  type AdminInvestorDetailResponse,
  type AdminInvestorResult,
  type AdminSearchResponse,
  type AdminTransaction,
  classifySearchQuery,
  INVESTOR_DETAIL_TRANSACTION_COUNT,
  RECENT_TRANSACTION_COUNT,
  SEARCH_RESULTS_PER_KIND,
} from '../../../shared/admin/dashboard-contracts';
import { AppError } from '../../../shared/errors/app-error';
import type { OwedDirection, OwedStatus } from '../../../shared/ledger/amounts-owed';
import { toMoneyString } from '../../../shared/money/decimal-string';
import type { AppContext } from '../../context';
import { selectAmountsOwed } from '../money/amounts-owed-repository';
import { loadStaffIdentityView } from '../banking/identity-service';
import { trimRate } from '../products/product-mapper';
import {
  foldSummaryChanges,
  type InvestorResultRow,
  selectInvestmentsById,
  selectInvestorNotes,
  selectInvestorProfile,
  selectInvestorsById,
  selectInvestorsByPhoneDigits,
  selectInvestorsByText,
  selectInvestorTransactions,
  selectRecentTransactions,
  selectSummaryFigures,
  selectTransactionsById,
  type TransactionWithInvestor,
} from './repository';

function toTransaction(row: TransactionWithInvestor): AdminTransaction {
  return {
    id: row.id,
    investment_id: row.investmentId,
    transaction_type: row.transactionType,
    investment_type: row.investmentType,
    amount: toMoneyString(row.amount),
    value_effect: toMoneyString(row.valueEffect),
    reinvestment_kind: row.reinvestmentKind,
    transaction_date: row.transactionDate,
    created_at: row.createdAt.toISOString(),
    investor: { id: row.investorId, first_name: row.firstName, last_name: row.lastName, email: row.email },
  };
}

function toInvestorResult(row: InvestorResultRow): AdminInvestorResult {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

function byName(left: AdminInvestorResult, right: AdminInvestorResult): number {
  const name = (investor: AdminInvestorResult) =>
    `${investor.last_name ?? ''} ${investor.first_name ?? ''} ${investor.email}`.toLowerCase();
  return name(left).localeCompare(name(right));
}

/** Pending summary changes are folded into the summary row once this many have gathered. */
const FOLD_THRESHOLD = 200;

/** The four cards (from the maintained summary) and the newest ledger entries. */
export async function loadDashboard(context: AppContext): Promise<AdminDashboardResponse> {
  const [summary, recent] = await Promise.all([
    selectSummaryFigures(context.db),
    selectRecentTransactions(context.db, RECENT_TRANSACTION_COUNT),
  ]);
  if (summary.pendingChanges >= FOLD_THRESHOLD) await foldSummaryChanges(context.db);
  return {
    summary: {
      assets_under_management: toMoneyString(summary.assetsUnderManagement),
      investor_count: summary.investorCount,
      active_investor_count: summary.activeInvestorCount,
      interest_paid: toMoneyString(summary.interestPaid),
      active_investment_count: summary.activeInvestmentCount,
      refreshed_at: summary.refreshedAt?.toISOString() ?? null,
    },
    recent_transactions: recent.map(toTransaction),
  };
}

export async function searchRecords(context: AppContext, query: string): Promise<AdminSearchResponse> {
  const search = classifySearchQuery(query);
  const limit = SEARCH_RESULTS_PER_KIND;
  const empty = { investors: [], investments: [], transactions: [] };
  switch (search.kind) {
    case 'too_short':
      return { kind: 'too_short', ...empty };
    case 'id': {
      const [foundInvestors, foundInvestments, foundTransactions] = [
        await selectInvestorsById(context.db, search.id, limit),
        await selectInvestmentsById(context.db, search.id, limit),
        await selectTransactionsById(context.db, search.id, limit),
      ];
      return {
        kind: 'id',
        investors: foundInvestors.map(toInvestorResult),
        investments: foundInvestments.map((row) => ({
          id: row.id,
          investor: {
            id: row.investorId,
            first_name: row.firstName,
            last_name: row.lastName,
            email: row.email,
          },
          investment_type: row.investmentType,
          principal_amount: toMoneyString(row.principalAmount),
          interest_accrued: toMoneyString(row.interestAccrued),
          status: row.status,
          start_date: row.startDate,
        })),
        transactions: foundTransactions.map(toTransaction),
      };
    }
    case 'phone':
      return {
        kind: 'phone',
        ...empty,
        investors: (await selectInvestorsByPhoneDigits(context.db, search.digits, limit))
          .map(toInvestorResult)
          .sort(byName),
      };
    case 'text':
      return {
        kind: 'text',
        ...empty,
        investors: (await selectInvestorsByText(context.db, search.text, limit))
          .map(toInvestorResult)
          .sort(byName),
      };
  }
}

export async function loadInvestorDetail(
  context: AppContext,
  investorId: string,
): Promise<AdminInvestorDetailResponse> {
  const profile = await selectInvestorProfile(context.db, investorId);
  if (!profile) throw new AppError('not_found', { message: 'Investor not found' });
  const notes = await selectInvestorNotes(context.db, investorId);
  const transactions = await selectInvestorTransactions(
    context.db,
    investorId,
    INVESTOR_DETAIL_TRANSACTION_COUNT,
  );
  const amountsOwed = await selectAmountsOwed(context.db, investorId);
  const identity = await loadStaffIdentityView(context, investorId);
  const { investor, onboarding, bank } = profile;
  return {
    investor: {
      ...toInvestorResult(investor),
      updated_at: investor.updatedAt.toISOString(),
      referral_code: investor.referralCode,
      onboarding: onboarding
        ? {
            email_verified: onboarding.emailVerified,
            phone_verified: onboarding.phoneVerified,
            password_set: onboarding.passwordVerified,
            last_step_completed: onboarding.lastStepCompleted,
          }
        : null,
      bank_account: bank
        ? {
            institution_name: bank.institutionName,
            account_type: bank.accountType,
            account_last_four: bank.accountLastFour,
            verification_status: bank.verificationStatus,
          }
        : null,
    },
    notes: notes.map((note) => ({
      id: note.id,
      investment_type: note.investmentType,
      principal_amount: toMoneyString(note.principalAmount),
      value: toMoneyString(note.value),
      interest_accrued: toMoneyString(note.interestAccrued),
      interest_rate_annual: trimRate(note.interestRateAnnual),
      term_years: note.termYears,
      start_date: note.startDate,
      maturity_date: note.maturityDate,
      status: note.status,
    })),
    transactions: transactions.map(toTransaction),
    amounts_owed: amountsOwed.map((owed) => ({
      id: owed.id,
      investment_id: owed.investmentId,
      ach_payment_id: owed.achPaymentId,
      direction: owed.direction as OwedDirection,
      amount: toMoneyString(owed.amount),
      reason: owed.reason,
      status: owed.status as OwedStatus,
      created_at: owed.createdAt.toISOString(),
      resolved_at: owed.resolvedAt?.toISOString() ?? null,
    })),
    identity,
  };
}
