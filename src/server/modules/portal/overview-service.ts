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
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { trimRate } from '../products/product-mapper';
import { readReinvestmentChoices } from '../money/reinvestment-repository';
import {
  type ReinvestmentChoice,
  reinvestmentStatus,
} from '../../../shared/investments/interest-reinvestment';
import { listBalanceChanges, listRecentNotifications, readAccountOverview } from './portal-repository';

/** The spec's message when there is no investor record behind the session. */
export const noInvestorMessage = 'No investor profiles found. Please create an investor record first.';

/** Standard interest of the investor's last posted month, paid and reinvested (decision 1740). */
async function lastStandardMonth(
  db: Executor,
  investorId: string,
): Promise<OverviewResponse['standard_monthly_interest']> {
  const row = rowsOf<{ period: IsoDate | null; paid: string; reinvested: string }>(
    await db.execute(sql`
      with standard as (
        select i.id, i.last_posted_period from investments i
        where i.investor_id = ${investorId}::uuid and i.investment_type = 'standard' and i.status <> 'cancelled'
      ),
      last as (select max(s.last_posted_period) as period from standard s)
      -- Each note's entry of that month through the posting key (note, period), not a scan of
      -- the investor's whole ledger.
      select to_char(l.period, 'YYYY-MM-DD') as period,
             coalesce(sum(t.amount) filter (where t.value_effect = 0), 0)::text as paid,
             coalesce(sum(t.amount) filter (where t.value_effect > 0), 0)::text as reinvested
      from last l
      left join standard s on true
      left join investment_transactions t on t.investment_id = s.id and t.posting_period = l.period
        and t.transaction_type = 'interest_payment'
      group by l.period`),
  )[0];
  if (!row?.period) return null;
  return {
    period: row.period,
    paid_to_bank: toMoneyString(row.paid),
    reinvested: toMoneyString(row.reinvested),
  };
}

export async function getOverview(
  db: Executor,
  investorId: string,
  today: IsoDate,
): Promise<OverviewResponse> {
  const overview = await readAccountOverview(db, investorId, OVERVIEW_NOTE_LIMIT);
  if (!overview) throw new AppError('not_found', { message: noInvestorMessage });
  const { profile, balance, notes, owedToInvestor } = overview;
  const choices = await readReinvestmentChoices(
    db,
    notes.filter((note) => note.investment_type === 'standard').map((note) => note.id),
  );
  return {
    first_name: profile.first_name,
    balance: {
      total_balance: toMoneyString(balance.total_balance),
      high_yield_total: toMoneyString(balance.high_yield_total),
      standard_total: toMoneyString(balance.standard_total),
      accruing_interest: toMoneyString(balance.accruing_interest),
    },
    notes: notes.map((note) => ({
      ...note,
      principal_amount: toMoneyString(note.principal_amount),
      interest_rate_annual: trimRate(note.interest_rate_annual),
      value: toMoneyString(note.value),
      ...reinvestmentOf(note.investment_type, choices.get(note.id) ?? [], today),
    })),
    note_count: balance.note_count,
    referral: {
      code: profile.referral_code,
      path: `/signup?ref=${encodeURIComponent(profile.referral_code)}`,
      signups: profile.referral_count,
    },
    owed_to_you: toMoneyString(owedToInvestor),
    standard_monthly_interest: await lastStandardMonth(db, investorId),
  };
}

function reinvestmentOf(
  investmentType: string,
  choices: ReinvestmentChoice[],
  today: IsoDate,
): { reinvests_interest: boolean | null; reinvestment_changes_from: IsoDate | null } {
  if (investmentType !== 'standard') return { reinvests_interest: null, reinvestment_changes_from: null };
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
