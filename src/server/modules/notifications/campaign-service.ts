import { AppError } from '../../../shared/errors/app-error';
import { INVALID_PHONE_MESSAGE, isValidPhone, normalizePhone } from '../../../shared/auth/phone';
import { type TargetFilters, targetFiltersSchema } from '../../../shared/notifications/campaign-filters';
import {
  type CampaignValues,
  type NotificationCampaign,
  type NotificationChannel,
  notificationMessages,
} from '../../../shared/notifications/contracts';
import type { AppContext } from '../../context';
import { enforceRateLimit } from '../../security/rate-limiter';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { countAudience } from './audience';
import { claimCampaign } from './campaign-delivery';
import { campaignDispatcherOf } from './campaign-dispatcher';
import { findCampaign, insertCampaign, listCampaigns, updateDraftCampaign } from './campaign-repository';
import { loadCampaignContent } from './delivery-repository';
import { composeMarketingEmail, composeMarketingSms } from './marketing-message';
import { previewSample } from './preview-sample';
import { findTemplate } from './template-repository';

/** A scheduled time this far in the past is still accepted (the form's clock and ours differ a little). */
const SCHEDULE_GRACE_MS = 60_000;
const sendTestLimit = { name: 'campaign-send-test:admin', limit: 10, windowSeconds: 3600 };

const campaignNotFound = () => new AppError('not_found', { message: 'Campaign not found' });
const notDraft = () => new AppError('conflict', { message: notificationMessages.campaignNotDraft });

export function listNotificationCampaigns(context: AppContext): Promise<NotificationCampaign[]> {
  return listCampaigns(context.db);
}

async function requireCampaign(context: AppContext, id: string): Promise<NotificationCampaign> {
  const campaign = await findCampaign(context.db, id);
  if (!campaign) throw campaignNotFound();
  return campaign;
}

async function checkCampaign(context: AppContext, values: CampaignValues): Promise<void> {
  if (values.template_id) {
    const template = await findTemplate(context.db, values.template_id);
    if (!template?.is_active) {
      throw new AppError('bad_request', { message: notificationMessages.templateNotActive });
    }
  }
  if (
    values.scheduled_at &&
    new Date(values.scheduled_at).getTime() < context.clock.now().getTime() - SCHEDULE_GRACE_MS
  ) {
    throw new AppError('bad_request', { message: notificationMessages.scheduledInPast });
  }
}

export async function createNotificationCampaign(
  context: AppContext,
  admin: AdminPrincipal,
  values: CampaignValues,
): Promise<NotificationCampaign> {
  await checkCampaign(context, values);
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const id = await insertCampaign(tx, values, admin.adminUserId, now);
    const campaign = await findCampaign(tx, id);
    if (!campaign) throw campaignNotFound();
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'campaign.create',
      target: { type: 'campaign', id },
      after: auditedCampaign(campaign),
      at: now,
    });
    return campaign;
  });
}

/** The campaign's fields the audit log compares (not its counters or timestamps). */
function auditedCampaign(campaign: NotificationCampaign): Record<string, unknown> {
  return {
    name: campaign.name,
    type: campaign.type,
    template_id: campaign.template_id,
    subject: campaign.subject,
    body: campaign.body,
    target_filters: campaign.target_filters,
    scheduled_at: campaign.scheduled_at,
    status: campaign.status,
  };
}

export async function updateNotificationCampaign(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  values: CampaignValues,
): Promise<NotificationCampaign> {
  await requireCampaign(context, id);
  await checkCampaign(context, values);
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const before = await findCampaign(tx, id);
    if (!before) throw campaignNotFound();
    if (!(await updateDraftCampaign(tx, id, values, now))) throw notDraft();
    const after = await findCampaign(tx, id);
    if (!after) throw campaignNotFound();
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'campaign.update',
      target: { type: 'campaign', id },
      before: auditedCampaign(before),
      after: auditedCampaign(after),
      at: now,
    });
    return after;
  });
}

/** Preview Recipients: counted by the same rule that picks the recipients when it is sent. */
export function previewCampaignRecipients(
  context: AppContext,
  filters: TargetFilters,
  channel: NotificationChannel,
): Promise<number> {
  return countAudience(context.db, filters, channel);
}

/** Send now: claims the draft and delivers in the background; the list shows the counts as they grow. */
export async function sendCampaignNow(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
): Promise<NotificationCampaign> {
  const campaign = await requireCampaign(context, id);
  if (campaign.status !== 'draft') throw notDraft();
  const filters = targetFiltersSchema.parse(campaign.target_filters);
  if ((await countAudience(context.db, filters, campaign.type)) === 0) {
    throw new AppError('conflict', { message: notificationMessages.noRecipients });
  }
  const lease = await claimCampaign(context, id, { dueOnly: false });
  if (!lease) throw notDraft();
  // The claim is its own conditional update (decision 900); the entry follows it at once.
  await recordAdminAudit(context.db, {
    ...auditBy(admin),
    action: 'campaign.send_now',
    target: { type: 'campaign', id },
    before: { status: campaign.status },
    after: { status: 'sending' },
    at: context.clock.now(),
  });
  campaignDispatcherOf(context).start(lease);
  return requireCampaign(context, id);
}

/** Send test: the draft as a recipient would get it, to the signed-in admin, marked [Test]. */
export async function sendCampaignTest(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  phone: string | null | undefined,
): Promise<{ to: string; channel: NotificationChannel }> {
  const campaign = await requireCampaign(context, id);
  if (campaign.status !== 'draft') throw notDraft();
  const content = await loadCampaignContent(context.db, id);
  if (!content) throw campaignNotFound();
  let smsTo: string | null = null;
  if (content.type === 'sms') {
    if (!phone || !isValidPhone(phone)) throw new AppError('bad_request', { message: INVALID_PHONE_MESSAGE });
    smsTo = normalizePhone(phone);
  }
  await enforceRateLimit(
    context.db,
    sendTestLimit,
    admin.adminUserId,
    context.clock.now(),
    'Too many test messages.',
  );
  const { values } = await previewSample(context, admin, content.type);
  if (smsTo) {
    await context.messages.sendSms({
      to: smsTo,
      text: composeMarketingSms(context.config, content, values, { isTest: true }),
    });
    return { to: smsTo, channel: 'sms' };
  }
  await context.messages.sendEmail({
    to: admin.email,
    ...composeMarketingEmail(context.config, content, values, { isTest: true }),
  });
  return { to: admin.email, channel: 'email' };
}
