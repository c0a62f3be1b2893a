/**
 * The notices of an early redemption (issue 27 section 3): submitted, approved, declined (with
 * the reason staff gave) and paid. Written to the durable notice queue in the transaction of
 * the change they report (decision 1311).
 */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { formatLongDate } from '../../../shared/format/long-date';
import { formatUsd } from '../../../shared/format/money-format';
import type { TransactionalMessage } from '../notifications/transactional-templates';

const notePath = (investmentId: string) => `/notes/${investmentId}`;

export function redemptionSubmittedMessage(details: {
  investmentId: string;
  reference: string;
  principal: string;
  isWhole: boolean;
}): TransactionalMessage {
  const principal = formatUsd(details.principal);
  const what = details.isWhole
    ? `all of note ${details.reference}`
    : `${principal} of note ${details.reference}`;
  const body = `We received your request to redeem ${what} early. Requests are reviewed in the order they arrive; you can cancel it until it is approved.`;
  return {
    kind: 'withdrawal_confirmation',
    title: 'Early redemption requested',
    body,
    email: {
      subject: 'We received your early redemption request',
      preheader: `Note ${details.reference}: reviewed in the order requests arrive.`,
      heading: 'We received your early redemption request',
      paragraphs: [
        body,
        'If you did not ask for this, cancel it on the note’s page and contact our support team right away.',
      ],
      facts: [
        { label: 'Note', value: details.reference },
        { label: 'Principal to redeem', value: principal },
      ],
      action: { label: 'View the note', path: notePath(details.investmentId) },
    },
  };
}

export function redemptionApprovedMessage(details: {
  investmentId: string;
  reference: string;
  paymentDate: IsoDate;
}): TransactionalMessage {
  const paidOn = formatLongDate(details.paymentDate);
  const body = `Your early redemption of note ${details.reference} was approved. It will be paid to your bank account on ${paidOn}; the amount is worked out on that day.`;
  return {
    kind: 'withdrawal_confirmation',
    title: 'Early redemption approved',
    body,
    email: {
      subject: 'Your early redemption was approved',
      preheader: `Paid on ${paidOn}.`,
      heading: 'Your early redemption was approved',
      paragraphs: [body],
      facts: [
        { label: 'Note', value: details.reference },
        { label: 'Paid on', value: paidOn },
      ],
      action: { label: 'View the note', path: notePath(details.investmentId) },
    },
  };
}

export function redemptionDeclinedMessage(details: {
  investmentId: string;
  reference: string;
  reason: string;
}): TransactionalMessage {
  const body = `Your early redemption request for note ${details.reference} was declined: ${details.reason} Your note keeps earning as before.`;
  return {
    kind: 'withdrawal_confirmation',
    title: 'Early redemption declined',
    body,
    email: {
      subject: 'Your early redemption request was declined',
      preheader: `Note ${details.reference} keeps earning as before.`,
      heading: 'Your early redemption request was declined',
      paragraphs: [
        `Your early redemption request for note ${details.reference} was declined.`,
        `The reason: ${details.reason}`,
        'Your note keeps earning as before.',
      ],
      action: { label: 'View the note', path: notePath(details.investmentId) },
    },
  };
}

export interface RedemptionPaidNotice {
  investorId: string;
  investmentId: string;
  reference: string;
  executionDate: IsoDate;
  amountPaid: string;
  penalty: string;
  bankLastFour: string;
}

export function redemptionPaidMessage(
  brandName: string,
  details: RedemptionPaidNotice,
): TransactionalMessage {
  const amount = formatUsd(details.amountPaid);
  const penalty = formatUsd(details.penalty);
  const body = `Your early redemption of note ${details.reference} was paid: ${amount} to your bank account ending ${details.bankLastFour}, after a penalty of ${penalty}.`;
  return {
    kind: 'withdrawal_confirmation',
    title: `Early redemption paid: ${amount}`,
    body,
    email: {
      subject: `Your early redemption of ${amount} is on its way`,
      preheader: `To your account ending ${details.bankLastFour}.`,
      heading: 'Your early redemption is on its way',
      paragraphs: [body, 'The penalty is reported in box 2 of your Form 1099-INT for the year.'],
      facts: [
        { label: 'Amount paid', value: amount },
        { label: 'Penalty', value: penalty },
        { label: 'To', value: `Account ending ${details.bankLastFour}` },
      ],
      action: { label: 'View the note', path: notePath(details.investmentId) },
    },
    sms: `${brandName}: your early redemption of ${amount} was sent to your account ending ${details.bankLastFour}.`,
  };
}
