/**
 * Transactional messages (PRODUCT.md 29): the portal bell always gets the notice; e-mail and
 * SMS go out only on the channels the investor's preferences allow, SMS only to a verified
 * phone. E-mails use the built-in branded layout (transactional-templates.ts builds them).
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Executor, rowsOf } from '../../db/client';
import { investorNotifications } from '../../db/schema';
import { type EmailFact, plainParagraphsHtml, renderEmailLayout } from './email-layout';

export const transactionalKinds = [
  'interest_payment',
  'withdrawal_confirmation',
  'investment_purchase',
  'account_verification',
  'monthly_statement',
] as const;
export type TransactionalKind = (typeof transactionalKinds)[number];

/** The e-mail of a notice, as content; the layout and branding are added when it is sent. */
export interface TransactionalEmail {
  subject: string;
  /** The line inbox lists show after the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  facts?: EmailFact[];
  /** A button to a portal page (path on the app, e.g. /transaction-summary). */
  action?: { label: string; path: string };
}

export interface TransactionalNotice {
  investorId: string;
  kind: TransactionalKind;
  /** The bell's title and body. */
  title: string;
  body: string;
  email?: TransactionalEmail;
  sms?: string;
  /** When the event happened (defaults to now): history written by the demo seed keeps its dates. */
  occurredAt?: Date;
}

export interface NotifyResult {
  channels: ('email' | 'sms')[];
}

export interface Recipient {
  email: string;
  phone: string | null;
  phone_verified: boolean;
  email_allowed: boolean | null;
  sms_allowed: boolean | null;
}

/** Column pairs of notification_preferences per kind; a missing row means the schema defaults. */
const preferenceColumns: Record<TransactionalKind, { email: string; sms: string }> = {
  interest_payment: { email: 'interest_payment_email', sms: 'interest_payment_sms' },
  withdrawal_confirmation: { email: 'withdrawal_confirmation_email', sms: 'withdrawal_confirmation_sms' },
  investment_purchase: { email: 'investment_purchase_email', sms: 'investment_purchase_sms' },
  account_verification: { email: 'account_verification_email', sms: 'account_verification_sms' },
  monthly_statement: { email: 'monthly_statement_email', sms: 'monthly_statement_sms' },
};

const defaultAllowed = { email: true, sms: false } as const;

export async function findRecipient(
  db: Executor,
  investorId: string,
  kind: TransactionalKind,
): Promise<Recipient | null> {
  const columns = preferenceColumns[kind];
  const result = await db.execute(sql`
    select i.email, i.phone,
           (u.phone_verified_at is not null and u.phone_e164 = i.phone) as phone_verified,
           p.${sql.raw(columns.email)} as email_allowed,
           p.${sql.raw(columns.sms)} as sms_allowed
    from investors i
    join users u on u.id = i.user_id
    left join notification_preferences p on p.investor_id = i.id
    where i.id = ${investorId}`);
  return rowsOf<Recipient>(result)[0] ?? null;
}

type BrandConfig = Pick<
  AppContext['config'],
  'BRAND_NAME' | 'SUPPORT_EMAIL' | 'COMPANY_POSTAL_ADDRESS' | 'appUrl'
>;

/** The e-mail as sent: subject, a plain-text part and the branded HTML. */
export function renderTransactionalEmail(
  config: BrandConfig,
  email: TransactionalEmail,
): { subject: string; text: string; html: string } {
  const actionUrl = email.action ? `${config.appUrl}${email.action.path}` : null;
  const footerLines = [
    `You are receiving this service message about your ${config.BRAND_NAME} account. You can choose which updates reach you by e-mail or SMS in Settings.`,
    `Questions? Write to ${config.SUPPORT_EMAIL}.`,
    config.COMPANY_POSTAL_ADDRESS,
  ];
  const html = renderEmailLayout({
    brandName: config.BRAND_NAME,
    appUrl: config.appUrl,
    preheader: email.preheader,
    heading: email.heading,
    contentHtml: plainParagraphsHtml(email.paragraphs),
    facts: email.facts,
    action: email.action && actionUrl ? { label: email.action.label, url: actionUrl } : undefined,
    footer: {
      lines: footerLines,
      links: [{ label: 'Notification settings', url: `${config.appUrl}/settings` }],
    },
  });
  const text = [
    email.heading,
    '',
    ...email.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(email.facts ?? []).map((fact) => `${fact.label}: ${fact.value}`),
    ...(email.facts?.length ? [''] : []),
    ...(email.action && actionUrl ? [`${email.action.label}: ${actionUrl}`, ''] : []),
    '--',
    ...footerLines,
  ].join('\n');
  return { subject: email.subject, text, html };
}

/** The channels a notice goes out on for this recipient (the bell always). */
export function allowedChannels(
  recipient: Recipient,
  message: Pick<TransactionalNotice, 'email' | 'sms'>,
): { email: boolean; sms: boolean } {
  return {
    email: Boolean(message.email) && (recipient.email_allowed ?? defaultAllowed.email),
    sms:
      Boolean(message.sms) &&
      Boolean(recipient.phone) &&
      recipient.phone_verified &&
      (recipient.sms_allowed ?? defaultAllowed.sms),
  };
}

export async function notifyInvestor(
  context: Pick<AppContext, 'db' | 'messages' | 'config'>,
  notice: TransactionalNotice,
): Promise<NotifyResult> {
  const recipient = await findRecipient(context.db, notice.investorId, notice.kind);
  if (!recipient) return { channels: [] };
  await context.db.insert(investorNotifications).values({
    investorId: notice.investorId,
    kind: notice.kind,
    title: notice.title,
    body: notice.body,
    ...(notice.occurredAt ? { createdAt: notice.occurredAt } : {}),
  });
  const channels: NotifyResult['channels'] = [];
  const allowed = allowedChannels(recipient, notice);
  if (notice.email && allowed.email) {
    const sent = await context.messages.sendEmail({
      to: recipient.email,
      ...renderTransactionalEmail(context.config, notice.email),
    });
    if (sent.status === 'sent') channels.push('email');
  }
  if (notice.sms && recipient.phone && allowed.sms) {
    const sent = await context.messages.sendSms({ to: recipient.phone, text: notice.sms });
    if (sent.status === 'sent') channels.push('sms');
  }
  return { channels };
}
