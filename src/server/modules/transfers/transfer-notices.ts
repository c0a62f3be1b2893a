/** The notices of transfer requests: the bell, and e-mail or SMS as the investor's preferences allow. */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { formatLongDate } from '../../../shared/format/long-date';
import { formatUsd } from '../../../shared/format/money-format';
import type { TransactionalMessage } from '../notifications/transactional-templates';

export function withdrawalRequestedMessage(
  brandName: string,
  details: { amount: string; paidOn: IsoDate; bankLastFour: string },
): TransactionalMessage {
  const amount = formatUsd(details.amount);
  const paidOn = formatLongDate(details.paidOn);
  const body = `Your transfer of ${amount} to your bank account ending ${details.bankLastFour} will be paid on ${paidOn}. You can cancel it until then.`;
  return {
    kind: 'withdrawal_confirmation',
    title: `Transfer requested: ${amount}`,
    body,
    email: {
      subject: `We received your transfer request of ${amount}`,
      preheader: `Paid on ${paidOn} to your account ending ${details.bankLastFour}.`,
      heading: 'We received your transfer request',
      paragraphs: [
        body,
        'Your funds keep earning interest until they are paid. If you did not ask for this transfer, cancel it on the Transfer page and contact our support team right away.',
      ],
      facts: [
        { label: 'Amount', value: amount },
        { label: 'To', value: `Account ending ${details.bankLastFour}` },
        { label: 'Paid on', value: paidOn },
      ],
      action: { label: 'View your transfers', path: '/transfer' },
    },
    sms: `${brandName}: your transfer of ${amount} is scheduled for ${paidOn}. Not you? Cancel it on the Transfer page.`,
  };
}

export function withdrawalCancelledMessage(amount: string): TransactionalMessage {
  const text = formatUsd(amount);
  return {
    kind: 'withdrawal_confirmation',
    title: `Transfer cancelled: ${text}`,
    body: `Your transfer request of ${text} was cancelled. The funds stay in your account and keep earning.`,
  };
}

export function conversionMessage(
  brandName: string,
  details: { amount: string; ratePercent: string; maturityDate: IsoDate; reference: string },
): TransactionalMessage {
  const amount = formatUsd(details.amount);
  const maturesOn = formatLongDate(details.maturityDate);
  const body = `${amount} of your available funds now earn ${details.ratePercent}% a year in a new High-Yield note (reference ${details.reference}), maturing on ${maturesOn}.`;
  return {
    kind: 'investment_purchase',
    title: `Converted to High-Yield: ${amount}`,
    body,
    email: {
      subject: `Your ${amount} High-Yield note is in place`,
      preheader: `Earning ${details.ratePercent}% a year until ${maturesOn}.`,
      heading: 'Your funds are now in a High-Yield note',
      paragraphs: [
        body,
        'Interest is credited to the note every month and paid with the principal at maturity. If you did not make this change, contact our support team right away.',
      ],
      facts: [
        { label: 'Amount', value: amount },
        { label: 'Rate', value: `${details.ratePercent}% a year` },
        { label: 'Matures on', value: maturesOn },
        { label: 'Reference', value: details.reference },
      ],
      action: { label: 'View your investments', path: '/account-overview' },
    },
    sms: `${brandName}: ${amount} moved into a new High-Yield note at ${details.ratePercent}%.`,
  };
}
