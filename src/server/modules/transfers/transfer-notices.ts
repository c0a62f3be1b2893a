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
