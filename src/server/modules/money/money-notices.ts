/**
 * The investor-facing notices of the money engine: built here, delivered by the
 * notification service. Sent only for postings and payments a run actually made.
 */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { formatUsd } from '../../../shared/format/money-format';
import { addMoney, compareMoney } from '../../../shared/money/decimal-string';
import type { AppContext } from '../../context';
import { investorNotifications } from '../../db/schema';
import type { Database } from '../../db/client';
import { notifyInvestor, type TransactionalNotice } from '../notifications/transactional';

export interface InterestPaidNotice {
  investorId: string;
  executionDate: IsoDate;
  /** Standard interest sent to the bank in this run. */
  paidToBank: string;
  /** High-Yield interest credited to notes in this run. */
  creditedToNotes: string;
}

export interface WithdrawalPaidNotice {
  investorId: string;
  executionDate: IsoDate;
  amount: string;
  bankLastFour: string | null;
}

export interface MoneyNotifier {
  interestPaid(notices: InterestPaidNotice[]): Promise<void>;
  withdrawalPaid(notices: WithdrawalPaidNotice[]): Promise<void>;
}

function longDate(date: IsoDate): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function emailHtml(brandName: string, heading: string, paragraphs: string[]): string {
  const body = paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`)
    .join('');
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:bold;color:#0f5f4a">${escapeHtml(brandName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h1>${body}
</div></body></html>`;
}

function isPositive(amount: string): boolean {
  return compareMoney(amount, '0.00') > 0;
}

export function interestPaidMessage(
  brandName: string,
  notice: InterestPaidNotice,
): Omit<TransactionalNotice, 'investorId'> {
  const total = addMoney(notice.paidToBank, notice.creditedToNotes);
  const parts: string[] = [];
  if (isPositive(notice.paidToBank))
    parts.push(`${formatUsd(notice.paidToBank)} is on its way to your bank account`);
  if (isPositive(notice.creditedToNotes)) {
    parts.push(`${formatUsd(notice.creditedToNotes)} was credited to your High-Yield notes`);
  }
  const detail = `${parts.join(' and ')}.`;
  const title = `Interest paid: ${formatUsd(total)}`;
  const body = `Your interest of ${formatUsd(total)} was posted on ${longDate(notice.executionDate)}: ${detail}`;
  return {
    kind: 'interest_payment',
    title,
    body,
    email: {
      subject: `Your interest payment of ${formatUsd(total)}`,
      text: `${body}\n\nYou can see every payment under Transactions in your ${brandName} account.`,
      html: emailHtml(brandName, title, [
        body,
        `You can see every payment under Transactions in your ${brandName} account.`,
      ]),
    },
    sms: `${brandName}: interest of ${formatUsd(total)} was posted to your account.`,
  };
}

export function withdrawalPaidMessage(
  brandName: string,
  notice: WithdrawalPaidNotice,
): Omit<TransactionalNotice, 'investorId'> {
  const account = notice.bankLastFour
    ? `your bank account ending ${notice.bankLastFour}`
    : 'your bank account';
  const title = `Transfer sent: ${formatUsd(notice.amount)}`;
  const body = `Your transfer of ${formatUsd(notice.amount)} to ${account} was sent on ${longDate(notice.executionDate)}. It usually arrives within one business day.`;
  return {
    kind: 'withdrawal_confirmation',
    title,
    body,
    email: {
      subject: `Your transfer of ${formatUsd(notice.amount)} is on its way`,
      text: body,
      html: emailHtml(brandName, title, [body]),
    },
    sms: `${brandName}: your transfer of ${formatUsd(notice.amount)} to ${account} is on its way.`,
  };
}

/** Delivers through the notification service (bell, then e-mail and SMS as preferences allow). */
export function messagingNotifier(
  context: Pick<AppContext, 'db' | 'messages' | 'config' | 'log'>,
): MoneyNotifier {
  const brandName = context.config.BRAND_NAME;
  async function deliver(notices: TransactionalNotice[]): Promise<void> {
    for (const notice of notices) {
      try {
        await notifyInvestor(context, notice);
      } catch (error) {
        // The money has moved and is committed; a failed notice must not undo or repeat it.
        context.log.error(
          { err: error, investorId: notice.investorId, kind: notice.kind },
          'investor notice failed',
        );
      }
    }
  }
  return {
    async interestPaid(notices) {
      await deliver(
        notices.map((notice) => ({
          investorId: notice.investorId,
          ...interestPaidMessage(brandName, notice),
        })),
      );
    },
    async withdrawalPaid(notices) {
      await deliver(
        notices.map((notice) => ({
          investorId: notice.investorId,
          ...withdrawalPaidMessage(brandName, notice),
        })),
      );
    },
  };
}

/** For history written by the demo seed: the bell only, dated the day it happened; nothing is e-mailed. */
export function historyNotifier(db: Database, brandName: string): MoneyNotifier {
  async function record(notices: (TransactionalNotice & { occurredAt: Date })[]): Promise<void> {
    if (notices.length === 0) return;
    await db.insert(investorNotifications).values(
      notices.map((notice) => ({
        investorId: notice.investorId,
        kind: notice.kind,
        title: notice.title,
        body: notice.body,
        createdAt: notice.occurredAt,
      })),
    );
  }
  const at = (date: IsoDate) => new Date(`${date}T12:00:00Z`);
  return {
    async interestPaid(notices) {
      await record(
        notices.map((notice) => ({
          investorId: notice.investorId,
          occurredAt: at(notice.executionDate),
          ...interestPaidMessage(brandName, notice),
        })),
      );
    },
    async withdrawalPaid(notices) {
      await record(
        notices.map((notice) => ({
          investorId: notice.investorId,
          occurredAt: at(notice.executionDate),
          ...withdrawalPaidMessage(brandName, notice),
        })),
      );
    },
  };
}
