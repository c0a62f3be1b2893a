/** The "your statement is ready" notice (decision 1720): the bell always, e-mail and SMS per preferences. */
import { statementMonthLabel } from '../../../shared/portal/document-contracts';
import type { TransactionalNotice } from '../notifications/transactional';

export function statementReadyNotice(
  brandName: string,
  investorId: string,
  month: string,
): TransactionalNotice {
  const label = statementMonthLabel(month);
  return {
    investorId,
    kind: 'monthly_statement',
    title: `Your ${label} statement is ready`,
    body: `Your statement for ${label} is ready to download under Documents.`,
    email: {
      subject: `Your ${label} statement is ready`,
      preheader: `Opening and closing balance, interest and transfers for ${label}.`,
      heading: `Your ${label} statement is ready`,
      paragraphs: [
        `Your ${brandName} statement for ${label} is ready. It shows your opening and closing balance, purchases, interest and transfers for the month.`,
        'You can download it, with your other documents, under Documents in your account.',
      ],
      action: { label: 'View documents', path: '/documents' },
    },
    sms: `${brandName}: your ${label} statement is ready under Documents.`,
  };
}
