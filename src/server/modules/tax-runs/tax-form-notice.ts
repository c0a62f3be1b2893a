/** The notice that a 1099-INT (or its correction) is ready: bell always, e-mail and SMS as preferences allow. */
import { formatUsd } from '../../../shared/format/money-format';
import type { TransactionalMessage } from '../notifications/transactional-templates';

export function taxFormReadyMessage(
  brandName: string,
  form: { taxYear: number; interest: string; isCorrection: boolean },
): TransactionalMessage {
  return taxFormReadyText(brandName, { ...form, amount: formatUsd(form.interest) });
}

/**
 * The notice with box 1 already written (`amount`, as formatUsd gives it). The tax run builds it
 * once with a placeholder and lets SQL put each form's amount in (decision 1905).
 */
export function taxFormReadyText(
  brandName: string,
  form: { taxYear: number; amount: string; isCorrection: boolean },
): TransactionalMessage {
  const what = form.isCorrection
    ? `corrected ${form.taxYear} Form 1099-INT`
    : `${form.taxYear} Form 1099-INT`;
  const amount = form.amount;
  return {
    // Interest notices are the preference an investor sets for news about their interest.
    kind: 'interest_payment',
    title: `Your ${what} is ready`,
    body: `Your ${what} reports ${amount} of interest. Download it from Discover more on your account overview.`,
    email: {
      subject: `Your ${what} is ready`,
      preheader: `It reports ${amount} of interest for ${form.taxYear}.`,
      heading: `Your ${what} is ready`,
      paragraphs: [
        form.isCorrection
          ? `A figure on your ${form.taxYear} tax form changed, so we issued a corrected Form 1099-INT. It replaces the one you received before.`
          : `Your Form 1099-INT for ${form.taxYear} is ready. We also report it to the IRS.`,
        `Download it under Discover more on your ${brandName} account overview.`,
      ],
      facts: [
        { label: 'Tax year', value: String(form.taxYear) },
        { label: 'Interest income (box 1)', value: amount },
      ],
      action: { label: 'Open my account', path: '/account-overview' },
    },
    sms: `${brandName}: your ${what} is ready in your account.`,
  };
}
