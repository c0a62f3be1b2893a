/**
 * The investor-facing notices of the money engine: built here, written to the notice queue
 * in the transaction of the postings and payments a run actually made, delivered from there
 * by the notice sender.
 */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { Executor } from '../../db/client';
import { investorNotifications } from '../../db/schema';
import { enqueueNotices } from '../notifications/notice-queue-repository';
import { type RedemptionPaidNotice, redemptionPaidMessage } from './early-redemption-notices';
import type { TransactionalNotice } from '../notifications/transactional';
import {
  type TransactionalMessage,
  interestPaymentMessage,
  type PaymentSetbackDetails,
  paymentSetbackMessage,
  withdrawalConfirmationMessage,
} from '../notifications/transactional-templates';

export interface InterestPaidNotice {
  investorId: string;
  executionDate: IsoDate;
  /** Standard interest sent to the bank in this run. */
  paidToBank: string;
  /** Interest credited to notes in this run (High-Yield, and Standard notes that reinvest). */
  creditedToNotes: string;
  /** The part of `paidToBank` withheld as backup withholding (decision 1911). */
  backupWithheld?: string;
}

export interface WithdrawalPaidNotice {
  investorId: string;
  executionDate: IsoDate;
  amount: string;
  bankLastFour: string | null;
}

export interface MoneyNotifier {
  /** The brand the engine's own messages (maturity reminders, rollovers) are written for. */
  readonly brandName: string;
  /**
   * Writes the notices in `tx`, the transaction of the entries they report, so a notice
   * exists exactly when its money movement does (issue 13 item 5, docs/decisions/1311).
   */
  interestPaid(tx: Executor, notices: InterestPaidNotice[], now: Date): Promise<void>;
  withdrawalPaid(tx: Executor, notices: WithdrawalPaidNotice[], now: Date): Promise<void>;
  /** Other notices of a run (maturity reminders, rollovers), already written. */
  maturityNotices(tx: Executor, notices: DatedNotice[], now: Date): Promise<void>;
  /** Tells investors why a payment did not go through (a cancelled note, a credit owed again). */
  paymentSetbacks(tx: Executor, notices: PaymentSetbackNotice[], now: Date): Promise<void>;
  /** An early redemption paid (issue 27 section 3). */
  redemptionPaid(tx: Executor, notices: RedemptionPaidNotice[], now: Date): Promise<void>;
}

/** A built message for one investor, with the business date of the run that caused it. */
export type DatedNotice = TransactionalMessage & { investorId: string; executionDate: IsoDate };

export type PaymentSetbackNotice = PaymentSetbackDetails & { investorId: string };

/** Queues the notices for the notice sender (bell, then e-mail and SMS as preferences allow). */
export function queueingNotifier(brandName: string): MoneyNotifier {
  return {
    brandName,
    async interestPaid(tx, notices, now) {
      await enqueueNotices(
        tx,
        notices.map((notice) => ({
          investorId: notice.investorId,
          ...interestPaymentMessage(brandName, notice),
        })),
        now,
      );
    },
    async withdrawalPaid(tx, notices, now) {
      await enqueueNotices(
        tx,
        notices.map((notice) => ({
          investorId: notice.investorId,
          ...withdrawalConfirmationMessage(brandName, notice),
        })),
        now,
      );
    },
    async maturityNotices(tx, notices, now) {
      await enqueueNotices(
        tx,
        notices.map(({ executionDate: _date, ...notice }) => notice),
        now,
      );
    },
    async paymentSetbacks(tx, notices, now) {
      if (notices.length === 0) return;
      await enqueueNotices(
        tx,
        notices.map((notice) => ({
          investorId: notice.investorId,
          ...paymentSetbackMessage(brandName, notice),
        })),
        now,
      );
    },
    async redemptionPaid(tx, notices, now) {
      if (notices.length === 0) return;
      await enqueueNotices(
        tx,
        notices.map((notice) => ({
          investorId: notice.investorId,
          ...redemptionPaidMessage(brandName, notice),
        })),
        now,
      );
    },
  };
}

/** For history written by the demo seed: the bell only, dated the day it happened; nothing is e-mailed. */
export function historyNotifier(brandName: string): MoneyNotifier {
  async function record(
    tx: Executor,
    notices: (TransactionalNotice & { occurredAt: Date })[],
  ): Promise<void> {
    if (notices.length === 0) return;
    await tx.insert(investorNotifications).values(
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
    brandName,
    async interestPaid(tx, notices) {
      await record(
        tx,
        notices.map((notice) => ({
          investorId: notice.investorId,
          occurredAt: at(notice.executionDate),
          ...interestPaymentMessage(brandName, notice),
        })),
      );
    },
    async withdrawalPaid(tx, notices) {
      await record(
        tx,
        notices.map((notice) => ({
          investorId: notice.investorId,
          occurredAt: at(notice.executionDate),
          ...withdrawalConfirmationMessage(brandName, notice),
        })),
      );
    },
    async maturityNotices(tx, notices) {
      await record(
        tx,
        notices.map(({ executionDate, ...notice }) => ({ ...notice, occurredAt: at(executionDate) })),
      );
    },
    async paymentSetbacks(tx, notices, now) {
      await record(
        tx,
        notices.map((notice) => ({
          investorId: notice.investorId,
          occurredAt: now,
          ...paymentSetbackMessage(brandName, notice),
        })),
      );
    },
    async redemptionPaid(tx, notices) {
      await record(
        tx,
        notices.map((notice) => ({
          investorId: notice.investorId,
          occurredAt: at(notice.executionDate),
          ...redemptionPaidMessage(brandName, notice),
        })),
      );
    },
  };
}
