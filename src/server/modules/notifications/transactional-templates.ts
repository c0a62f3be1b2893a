/**
 * The built-in transactional messages (PRODUCT.md 29): investment purchase, interest payment,
 * withdrawal confirmation and account verification. Each gives the bell's title and body, the
 * e-mail content (sent in the branded layout) and a short SMS.
 */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { formatLongDate } from '../../../shared/format/long-date';
import { formatUsd } from '../../../shared/format/money-format';
import { addMoney, compareMoney } from '../../../shared/money/decimal-string';
import type { EmailFact } from './email-layout';
import type { TransactionalNotice } from './transactional';

export type TransactionalMessage = Omit<TransactionalNotice, 'investorId' | 'occurredAt'>;

function isPositive(amount: string): boolean {
  return compareMoney(amount, '0.00') > 0;
}

function bankAccountLabel(lastFour: string | null): string {
  return lastFour ? `your bank account ending ${lastFour}` : 'your bank account';
}

export interface InvestmentPurchaseDetails {
  amount: string;
  planName: string;
  startDate: IsoDate;
  bankLastFour: string | null;
}

export function investmentPurchaseMessage(
  brandName: string,
  details: InvestmentPurchaseDetails,
): TransactionalMessage {
  const amount = formatUsd(details.amount);
  const title = `Investment confirmed: ${amount}`;
  const body = `Your ${amount} investment in the ${details.planName} starts earning interest on ${formatLongDate(details.startDate)}. We will collect the funds from ${bankAccountLabel(details.bankLastFour)}.`;
  return {
    kind: 'investment_purchase',
    title,
    body,
    email: {
      subject: `Your ${amount} investment is confirmed`,
      preheader: `${details.planName}, earning from ${formatLongDate(details.startDate)}.`,
      heading: 'Your investment is confirmed',
      paragraphs: [
        `Thank you for investing with ${brandName}. Your ${amount} investment in the ${details.planName} is in place and starts earning interest on ${formatLongDate(details.startDate)}.`,
        `We will collect the funds by ACH from ${bankAccountLabel(details.bankLastFour)}. It usually takes one to three business days; you do not need to do anything.`,
      ],
      facts: [
        { label: 'Plan', value: details.planName },
        { label: 'Amount', value: amount },
        { label: 'Earning from', value: formatLongDate(details.startDate) },
        ...(details.bankLastFour
          ? [{ label: 'Funded from', value: `Account ending ${details.bankLastFour}` }]
          : []),
      ],
      action: { label: 'View your investments', path: '/account-overview' },
    },
    sms: `${brandName}: your ${amount} investment in the ${details.planName} is confirmed.`,
  };
}

export interface InterestPaymentDetails {
  executionDate: IsoDate;
  /** Standard interest sent to the bank. */
  paidToBank: string;
  /** Interest credited to notes: High-Yield, and Standard notes that reinvest (decision 1740). */
  creditedToNotes: string;
  /** The part of `paidToBank` withheld as backup withholding and sent to the IRS (decision 1911). */
  backupWithheld?: string;
}

export function interestPaymentMessage(
  brandName: string,
  details: InterestPaymentDetails,
): TransactionalMessage {
  const total = formatUsd(addMoney(details.paidToBank, details.creditedToNotes));
  const parts: string[] = [];
  const withheld = details.backupWithheld ?? '0.00';
  const toBank = addMoney(details.paidToBank, `-${withheld}`);
  if (isPositive(details.paidToBank)) {
    parts.push(
      isPositive(withheld)
        ? `${formatUsd(toBank)} is on its way to your bank account and ${formatUsd(withheld)} was withheld for the IRS (backup withholding)`
        : `${formatUsd(details.paidToBank)} is on its way to your bank account`,
    );
  }
  if (isPositive(details.creditedToNotes)) {
    parts.push(`${formatUsd(details.creditedToNotes)} was credited to your notes`);
  }
  const postedOn = formatLongDate(details.executionDate);
  const title = `Interest paid: ${total}`;
  const body = `Your interest of ${total} was posted on ${postedOn}: ${parts.join(' and ')}.`;
  const facts: EmailFact[] = [{ label: 'Posted on', value: postedOn }];
  if (isPositive(details.paidToBank)) {
    facts.push({ label: 'Paid to your bank', value: formatUsd(toBank) });
  }
  if (isPositive(withheld)) {
    facts.push({ label: 'Backup withholding (sent to the IRS)', value: formatUsd(withheld) });
  }
  if (isPositive(details.creditedToNotes)) {
    facts.push({ label: 'Credited to your notes', value: formatUsd(details.creditedToNotes) });
  }
  facts.push({ label: 'Total interest', value: total });
  return {
    kind: 'interest_payment',
    title,
    body,
    email: {
      subject: `Your interest payment of ${total}`,
      preheader: `${total} of interest was posted on ${postedOn}.`,
      heading: `You earned ${total} in interest`,
      paragraphs: [
        `Good news: your interest was posted on ${postedOn}. ${parts.join(' and ')}.`,
        `You can see every payment under Transactions in your ${brandName} account.`,
      ],
      facts,
      action: { label: 'View transactions', path: '/transaction-summary' },
    },
    sms: `${brandName}: interest of ${total} was posted to your account.`,
  };
}

export interface WithdrawalConfirmationDetails {
  executionDate: IsoDate;
  amount: string;
  bankLastFour: string | null;
}

export function withdrawalConfirmationMessage(
  brandName: string,
  details: WithdrawalConfirmationDetails,
): TransactionalMessage {
  const amount = formatUsd(details.amount);
  const sentOn = formatLongDate(details.executionDate);
  const account = bankAccountLabel(details.bankLastFour);
  const title = `Transfer sent: ${amount}`;
  const body = `Your transfer of ${amount} to ${account} was sent on ${sentOn}. It usually arrives within one business day.`;
  return {
    kind: 'withdrawal_confirmation',
    title,
    body,
    email: {
      subject: `Your transfer of ${amount} is on its way`,
      preheader: `Sent on ${sentOn} to ${account}.`,
      heading: 'Your transfer is on its way',
      paragraphs: [
        `We sent ${amount} to ${account} on ${sentOn}. It usually arrives within one business day.`,
        `If you did not ask for this transfer, contact our support team right away.`,
      ],
      facts: [
        { label: 'Amount', value: amount },
        {
          label: 'To',
          value: details.bankLastFour ? `Account ending ${details.bankLastFour}` : 'Your bank account',
        },
        { label: 'Sent on', value: sentOn },
      ],
      action: { label: 'View transfers', path: '/transaction-summary' },
    },
    sms: `${brandName}: your transfer of ${amount} to ${account} is on its way.`,
  };
}

export type AccountVerificationDetails =
  | { verified: 'bank_account'; institutionName: string; bankLastFour: string }
  | { verified: 'identity' }
  /** Staff cleared a watchlist hit (decision 1520): purchases are open again. */
  | { verified: 'compliance_review' };

export function accountVerificationMessage(
  brandName: string,
  details: AccountVerificationDetails,
): TransactionalMessage {
  if (details.verified === 'compliance_review') {
    const body = 'We finished the compliance review of your identity. Purchases are open again.';
    return {
      kind: 'account_verification',
      title: 'Review complete',
      body,
      email: {
        subject: 'Your review is complete',
        preheader: 'You can invest again.',
        heading: 'Your review is complete',
        paragraphs: [body, `Thank you for your patience, and for helping us keep ${brandName} safe.`],
        action: { label: 'Go to your account', path: '/account-overview' },
      },
      sms: `${brandName}: your review is complete. Purchases are open again.`,
    };
  }
  if (details.verified === 'identity') {
    const body =
      'We verified your identity. Your account is ready: you can now link a bank account and invest.';
    return {
      kind: 'account_verification',
      title: 'Identity verified',
      body,
      email: {
        subject: 'Your identity is verified',
        preheader: 'Your account is ready to invest.',
        heading: 'Your identity is verified',
        paragraphs: [body, `Thank you for helping us keep ${brandName} safe for every investor.`],
        action: { label: 'Go to your account', path: '/get-started' },
      },
      sms: `${brandName}: your identity is verified. Your account is ready.`,
    };
  }
  const account = `${details.institutionName} account ending ${details.bankLastFour}`;
  const body = `Your ${account} is verified. Purchases are funded from it and interest and transfers are paid to it.`;
  return {
    kind: 'account_verification',
    title: 'Bank account verified',
    body,
    email: {
      subject: 'Your bank account is verified',
      preheader: `${account} is ready to use.`,
      heading: 'Your bank account is verified',
      paragraphs: [body, 'If you did not link this account, contact our support team right away.'],
      facts: [
        { label: 'Bank', value: details.institutionName },
        { label: 'Account', value: `Ending ${details.bankLastFour}` },
      ],
      action: { label: 'Start investing', path: '/buy-investments' },
    },
    sms: `${brandName}: your bank account ending ${details.bankLastFour} is verified.`,
  };
}

export type PaymentSetbackDetails =
  | { kind: 'funding'; reason: string }
  | { kind: 'interest' | 'withdrawal'; reason: string; amount: string };

/**
 * A payment that did not go through (PRODUCT.md 36, 39): a funding debit that failed or came
 * back cancels its note; a credit that came back stays owed to the investor until paid again.
 */
export function paymentSetbackMessage(
  brandName: string,
  details: PaymentSetbackDetails,
): TransactionalMessage {
  if (details.kind === 'funding') {
    const body = `Your bank did not send the money for your new note (${details.reason}). We cancelled the note, so nothing is invested and nothing is owed. Check your bank account, then buy again.`;
    return {
      kind: 'investment_purchase',
      title: 'Purchase cancelled: the payment did not go through',
      body,
      email: {
        subject: 'Your purchase was cancelled: the payment did not go through',
        preheader: details.reason,
        heading: 'Your purchase was cancelled',
        paragraphs: [
          body,
          `If you have a question, reply to this e-mail and the ${brandName} team will help.`,
        ],
        action: { label: 'Open your portfolio', path: '/portfolio' },
      },
      sms: `${brandName}: your bank did not send the money for your new note (${details.reason}). The purchase is cancelled.`,
    };
  }
  const amount = formatUsd(details.amount);
  const what = details.kind === 'interest' ? 'interest payment' : 'transfer';
  const body = `Your bank returned our ${what} of ${amount} (${details.reason}). The money is still yours: we keep it as owed to you and send it again once your bank account is fixed. Update it in Settings, or contact support.`;
  return {
    kind: details.kind === 'interest' ? 'interest_payment' : 'withdrawal_confirmation',
    title: `Your bank returned ${amount}`,
    body,
    email: {
      subject: `Your bank returned our ${what} of ${amount}`,
      preheader: details.reason,
      heading: `Your bank returned ${amount}`,
      paragraphs: [body],
      facts: [
        { label: 'Amount', value: amount },
        { label: 'Reason', value: details.reason },
      ],
      action: { label: 'Update your bank account', path: '/settings' },
    },
    sms: `${brandName}: your bank returned our ${what} of ${amount} (${details.reason}). Update your bank account in Settings and we send it again.`,
  };
}
