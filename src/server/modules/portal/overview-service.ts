/** The account overview (spec 2, PRODUCT.md 12, 20, 21): balance, notes, referral, history, bell. */
import { AppError } from '../../../shared/errors/app-error';
import { toMoneyString } from '../../../shared/money/decimal-string';
import {
  type BalanceHistoryResponse,
  NOTIFICATION_LIST_LIMIT,
  type NotificationListResponse,
  OVERVIEW_NOTE_LIMIT,
  type OverviewResponse,
} from '../../../shared/portal/portal-contracts';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { Executor } from '../../db/client';
import { instructionOf } from '../../../shared/investments/maturity-instruction-rules';
import { purchaseHoldOf } from '../../../shared/portal/purchase-hold';
import { trimRate } from '../products/product-mapper';
import {
  type ReinvestmentChoice,
  reinvestmentStatus,
} from '../../../shared/investments/interest-reinvestment';
import {
  listBalanceChanges,
  listRecentNotifications,
  type OverviewReinvestmentChoiceRow,
  readAccountOverview,
} from './portal-repository';

/** The spec's message when there is no investor record behind the session. */
export const noInvestorMessage = 'No investor profiles found. Please create an investor record first.';

export async function getOverview(
  db: Executor,
  investorId: string,
  today: IsoDate,
): Promise<OverviewResponse> {
  const overview = await readAccountOverview(db, investorId, OVERVIEW_NOTE_LIMIT);
  if (!overview) throw new AppError('not_found', { message: noInvestorMessage });
  const { profile, holdFacts, balance, notes, owedToInvestor, standardMonth } = overview;
  return {
    first_name: profile.first_name,
    balance: {
      total_balance: toMoneyString(balance.total_balance),
      high_yield_total: toMoneyString(balance.high_yield_total),
      standard_total: toMoneyString(balance.standard_total),
      accruing_interest: toMoneyString(balance.accruing_interest),
    },
    notes: notes.map(({ reinvestment_choices, maturity_instruction, rollover_term_years, ...note }) => ({
      ...note,
      maturity_instruction: instructionOf(maturity_instruction, rollover_term_years),
      principal_amount: toMoneyString(note.principal_amount),
      interest_rate_annual: trimRate(note.interest_rate_annual),
      value: toMoneyString(note.value),
      ...reinvestmentOf(reinvestment_choices, today),
    })),
    note_count: balance.note_count,
    referral: {
      code: profile.referral_code,
      path: `/signup?ref=${encodeURIComponent(profile.referral_code)}`,
      signups: profile.referral_count,
    },
    owed_to_you: toMoneyString(owedToInvestor),
    standard_monthly_interest: standardMonth && {
      period: standardMonth.period as IsoDate,
      paid_to_bank: toMoneyString(standardMonth.paid),
      reinvested: toMoneyString(standardMonth.reinvested),
    },
    purchase_hold: purchaseHoldOf({
      hasWatchlistHit: holdFacts.has_watchlist_hit,
      bankAccountStatus: holdFacts.bank_account_status,
      identityStatus: holdFacts.identity_status,
      hasFailedAttempt: holdFacts.latest_attempt_status === 'rejected',
    }),
  };
}

/** A Standard note's reinvestment status today; null for a High-Yield note (no choices). */
function reinvestmentOf(
  rows: OverviewReinvestmentChoiceRow[] | null,
  today: IsoDate,
): { reinvests_interest: boolean | null; reinvestment_changes_from: IsoDate | null } {
  if (rows === null) return { reinvests_interest: null, reinvestment_changes_from: null };
  const choices: ReinvestmentChoice[] = rows.map((row) => ({
    effectivePeriod: row.effective_period as IsoDate,
    reinvest: row.reinvest,
  }));
  const status = reinvestmentStatus(choices, today);
  return { reinvests_interest: status.reinvestsThisMonth, reinvestment_changes_from: status.changesFrom };
}

/** The balance after every day it changed, plus today, so the chart's line reaches the present. */
export async function getBalanceHistory(
  db: Executor,
  investorId: string,
  today: IsoDate,
): Promise<BalanceHistoryResponse> {
  const changes = await listBalanceChanges(db, investorId);
  const points = changes.map((change) => ({ date: change.date, balance: toMoneyString(change.balance) }));
  const last = points[points.length - 1];
  if (last && last.date < today) points.push({ date: today, balance: last.balance });
  return { points };
}

export async function getRecentNotifications(
  db: Executor,
  investorId: string,
): Promise<NotificationListResponse> {
  const { rows, unreadCount } = await listRecentNotifications(db, investorId, NOTIFICATION_LIST_LIMIT);
  return { notifications: rows, unread_count: unreadCount };
}
