/**
 * The investor-facing notices of the money engine: built here, delivered by the
 * notification service. Sent only for postings and payments a run actually made.
 */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { AppContext } from '../../context';
import { investorNotifications } from '../../db/schema';
import type { Database } from '../../db/client';
import { notifyInvestor, type TransactionalNotice } from '../notifications/transactional';
import {
  interestPaymentMessage,
  withdrawalConfirmationMessage,
} from '../notifications/transactional-templates';

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
          ...interestPaymentMessage(brandName, notice),
        })),
      );
    },
    async withdrawalPaid(notices) {
      await deliver(
        notices.map((notice) => ({
          investorId: notice.investorId,
          ...withdrawalConfirmationMessage(brandName, notice),
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
          ...interestPaymentMessage(brandName, notice),
        })),
      );
    },
    async withdrawalPaid(notices) {
      await record(
        notices.map((notice) => ({
          investorId: notice.investorId,
          occurredAt: at(notice.executionDate),
          ...withdrawalConfirmationMessage(brandName, notice),
        })),
      );
    },
  };
}
