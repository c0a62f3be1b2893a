/**
 * A campaign message for one recipient. Marketing e-mail carries the one-click unsubscribe
 * link in the footer and in the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058),
 * and the company's postal address (CAN-SPAM). Marketing SMS ends with the STOP instruction (shared/notifications/marketing-copy.ts).
 */
import { businessDateOf } from '../../../shared/dates/business-time';
import { NAME_FALLBACK } from '../../../shared/brand';
import { formatLongDate } from '../../../shared/format/long-date';
import { formatUsd } from '../../../shared/format/money-format';
import type { NotificationChannel } from '../../../shared/notifications/contracts';
import { marketingEmailReason, marketingSmsText } from '../../../shared/notifications/marketing-copy';
import {
  fillPlaceholders,
  paragraphsToHtml,
  renderParagraphs,
  renderSubject,
} from '../../../shared/notifications/render-template';
import type { TemplateValues } from '../../../shared/notifications/template-variables';
import type { AppConfig } from '../../config';
import { bodyTextStyles, renderEmailLayout } from './email-layout';

export interface CampaignContent {
  type: NotificationChannel;
  subject: string | null;
  body: string;
}

export interface RecipientFacts {
  firstName: string | null;
  lastName: string | null;
  email: string;
  createdAt: Date;
  totalBalance: string;
}

export function recipientValues(
  config: AppConfig,
  recipient: RecipientFacts,
  unsubscribeLink: string,
): TemplateValues {
  return {
    first_name: recipient.firstName?.trim() || NAME_FALLBACK,
    last_name: recipient.lastName?.trim() ?? '',
    email: recipient.email,
    total_balance: formatUsd(recipient.totalBalance),
    member_since: formatLongDate(businessDateOf(recipient.createdAt, config.BUSINESS_TZ)),
    brand_name: config.BRAND_NAME,
    support_email: config.SUPPORT_EMAIL,
    unsubscribe_url: unsubscribeLink,
  };
}

export interface MarketingEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

function footerLines(config: AppConfig): string[] {
  return [marketingEmailReason(config.BRAND_NAME), config.COMPANY_POSTAL_ADDRESS];
}

export function composeMarketingEmail(
  config: AppConfig,
  content: CampaignContent,
  values: TemplateValues,
  options: { isTest?: boolean } = {},
): MarketingEmail {
  const subject = renderSubject(content.subject ?? '', values);
  const body = fillPlaceholders(content.body, values).trim();
  const paragraphs = renderParagraphs(content.body, values);
  const html = renderEmailLayout({
    brandName: config.BRAND_NAME,
    appUrl: config.appUrl,
    preheader: body.split('\n')[0]?.slice(0, 140) ?? subject,
    contentHtml: paragraphsToHtml(paragraphs, bodyTextStyles),
    footer: {
      lines: footerLines(config),
      links: [
        { label: 'Unsubscribe', url: values.unsubscribe_url },
        { label: 'Notification settings', url: `${config.appUrl}/settings` },
      ],
    },
  });
  const text = [
    body,
    '',
    '--',
    ...footerLines(config),
    `Unsubscribe with one click: ${values.unsubscribe_url}`,
  ].join('\n');
  return {
    subject: options.isTest ? `[Test] ${subject}` : subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${values.unsubscribe_url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The SMS text: the body, then the opt-out instruction unless the body already gives it. */
export function composeMarketingSms(
  config: AppConfig,
  content: CampaignContent,
  values: TemplateValues,
  options: { isTest?: boolean } = {},
): string {
  const text = marketingSmsText(config.BRAND_NAME, fillPlaceholders(content.body, values));
  return options.isTest ? `[Test] ${text}` : text;
}
