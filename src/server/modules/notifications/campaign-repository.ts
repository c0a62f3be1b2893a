import { and, desc, eq } from 'drizzle-orm';
import type {
  CampaignStatus,
  CampaignValues,
  NotificationCampaign,
} from '../../../shared/notifications/contracts';
import { campaignStatuses } from '../../../shared/notifications/contracts';
import type { Executor } from '../../db/client';
import { notificationCampaigns, notificationTemplates } from '../../db/schema';

const campaignColumns = {
  campaign: notificationCampaigns,
  templateName: notificationTemplates.name,
  templateType: notificationTemplates.type,
};

interface CampaignRow {
  campaign: typeof notificationCampaigns.$inferSelect;
  templateName: string | null;
  templateType: string | null;
}

function filtersOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function statusOf(value: string): CampaignStatus {
  return (campaignStatuses as readonly string[]).includes(value) ? (value as CampaignStatus) : 'draft';
}

function channelOf(value: string | null | undefined): 'email' | 'sms' {
  return value === 'sms' ? 'sms' : 'email';
}

function toCampaign(row: CampaignRow): NotificationCampaign {
  const { campaign } = row;
  const template =
    campaign.templateId && row.templateName !== null
      ? { name: row.templateName, type: channelOf(row.templateType) }
      : null;
  return {
    id: campaign.id,
    name: campaign.name,
    template_id: campaign.templateId,
    template,
    type: template ? template.type : channelOf(campaign.type),
    subject: campaign.subject,
    body: campaign.body,
    target_filters: filtersOf(campaign.targetFilters),
    scheduled_at: campaign.scheduledAt?.toISOString() ?? null,
    sent_at: campaign.sentAt?.toISOString() ?? null,
    status: statusOf(campaign.status),
    recipient_count: campaign.recipientCount,
    sent_count: campaign.sentCount,
    failed_count: campaign.failedCount,
    created_by: campaign.createdBy,
    created_at: campaign.createdAt.toISOString(),
    updated_at: campaign.updatedAt.toISOString(),
  };
}

function selectCampaigns(db: Executor) {
  return db
    .select(campaignColumns)
    .from(notificationCampaigns)
    .leftJoin(notificationTemplates, eq(notificationTemplates.id, notificationCampaigns.templateId));
}

export async function listCampaigns(db: Executor): Promise<NotificationCampaign[]> {
  const rows = await selectCampaigns(db).orderBy(
    desc(notificationCampaigns.createdAt),
    desc(notificationCampaigns.id),
  );
  return rows.map(toCampaign);
}

export async function findCampaign(db: Executor, id: string): Promise<NotificationCampaign | null> {
  const [row] = await selectCampaigns(db).where(eq(notificationCampaigns.id, id));
  return row ? toCampaign(row) : null;
}

function columnsOf(values: CampaignValues) {
  return {
    name: values.name,
    templateId: values.template_id,
    type: values.type,
    subject: values.subject,
    body: values.body,
    targetFilters: values.target_filters,
    scheduledAt: values.scheduled_at ? new Date(values.scheduled_at) : null,
    recipientCount: values.recipient_count,
  };
}

/** Saving from the form always writes draft (admin spec 4). */
export async function insertCampaign(
  db: Executor,
  values: CampaignValues,
  createdBy: string,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(notificationCampaigns)
    .values({ ...columnsOf(values), status: 'draft', createdBy, createdAt: now, updatedAt: now })
    .returning({ id: notificationCampaigns.id });
  return row!.id;
}

/** Only a draft changes: once claimed for sending the update matches nothing (PRODUCT.md 27). */
export async function updateDraftCampaign(
  db: Executor,
  id: string,
  values: CampaignValues,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(notificationCampaigns)
    .set({ ...columnsOf(values), updatedAt: now })
    .where(and(eq(notificationCampaigns.id, id), eq(notificationCampaigns.status, 'draft')))
    .returning({ id: notificationCampaigns.id });
  return rows.length > 0;
}
