/**
 * Requests and answers of /admin/notifications (admin spec 2-9, PRODUCT.md 27-28), used by
 * the web forms, the API client and the Fastify routes alike.
 */
import { z } from 'zod';
import { isSupportedInstant } from '../dates/date-schemas';
import { targetFiltersSchema } from './campaign-filters';
import {
  type TemplateValues,
  templateVariables,
  unknownVariableMessage,
  unknownVariablesIn,
} from './template-variables';

export const notificationChannels = ['email', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const campaignStatuses = ['draft', 'sending', 'sent', 'failed'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** The spec's texts for this page, word for word (admin spec 2, 5, 8). */
export const notificationMessages = {
  loading: 'Loading...',
  templateSaveFailed: 'Failed to save template',
  templateStatusFailed: 'Failed to update template status',
  invalidVariablesJson: 'Invalid JSON in variables field',
  noTemplates: 'No notification templates found',
  noTemplatesHint: 'Create your first template to get started',
  campaignSaveFailed: 'Failed to save campaign',
  previewFailed: 'Failed to preview recipients',
  invalidFiltersJsonOnSave: 'Invalid JSON in filters field',
  invalidFiltersJsonOnPreview: 'Invalid JSON in filters',
  noCampaigns: 'No notification campaigns found',
  noCampaignsHint: 'Create your first campaign to get started',
  scheduledAtHint: 'Leave empty to save as draft',
  bodyHint: 'Use {{variable_name}} for dynamic content',
  notApplicable: 'N/A',
  /** An edit or a second send after the campaign was claimed for sending (PRODUCT.md 27). */
  campaignNotDraft:
    'This campaign is no longer a draft: it is being sent or was sent, so it cannot be changed.',
  templateNotActive: 'Only active templates can be chosen for a campaign',
  noRecipients: 'No investors match this campaign: check the target filters and marketing consent.',
  scheduledInPast: 'Scheduled At must be in the future',
} as const;

/** Recipients of `count` on preview (admin spec 2). */
export function willSendToMessage(count: number): string {
  return `Will send to ${count} recipient${count === 1 ? '' : 's'}`;
}

/**
 * Sent divided by recipients, rounded to a whole percent; N/A without recipients (admin spec 2, 9)
 * and until sending starts: a draft's recipient count is only its last preview, so "0%" would
 * read as a failed send.
 */
export function successRateLabel(sent: number, recipients: number, status: CampaignStatus): string {
  if (recipients <= 0 || status === 'draft') return notificationMessages.notApplicable;
  return `${Math.round((sent / recipients) * 100)}%`;
}

/** Longest SMS body Twilio accepts (10 segments). */
export const MAX_SMS_LENGTH = 1600;

const variablesSchema = z.record(
  z.string().trim().min(1, 'Variable names cannot be empty'),
  z.string({ error: 'Each variable maps to a type label such as "string" or "number"' }),
  { error: 'Variables must be a JSON object such as {"first_name": "string"}' },
);

function checkContent(
  value: { type: NotificationChannel; subject?: string | null; body: string },
  context: z.RefinementCtx,
): void {
  if (value.type === 'email' && !value.subject) {
    context.addIssue({ code: 'custom', path: ['subject'], message: 'Subject is required for an e-mail' });
  }
  const unknown = unknownVariablesIn(value.type === 'email' ? value.subject : null, value.body);
  if (unknown.length > 0) {
    context.addIssue({ code: 'custom', path: ['body'], message: unknownVariableMessage(unknown) });
  }
  if (value.type === 'sms' && value.body.length > MAX_SMS_LENGTH) {
    context.addIssue({
      code: 'custom',
      path: ['body'],
      message: `An SMS body can be at most ${MAX_SMS_LENGTH} characters`,
    });
  }
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** A template as an admin enters it (admin spec 5). For SMS the subject is stored as null. */
export const templateInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Template name is required').max(120, 'Template name is too long'),
    type: z.enum(notificationChannels, { error: 'Type must be email or sms' }).default('email'),
    subject: optionalText(200, 'Subject'),
    body: z.string().trim().min(1, 'Body is required').max(20_000, 'Body is too long'),
    variables: variablesSchema.default({}),
  })
  .superRefine((value, context) => {
    checkContent(value, context);
    const unknown = Object.keys(value.variables).filter(
      (name) => !(templateVariables as readonly string[]).includes(name),
    );
    if (unknown.length > 0) {
      context.addIssue({ code: 'custom', path: ['variables'], message: unknownVariableMessage(unknown) });
    }
  })
  .transform((value) => ({ ...value, subject: value.type === 'email' ? value.subject : null }));
export type TemplateInput = z.input<typeof templateInputSchema>;
export type TemplateValuesInput = z.output<typeof templateInputSchema>;

export const templateStatusRequest = z.object({ is_active: z.boolean() });

export const templateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(notificationChannels),
  subject: z.string().nullable(),
  body: z.string(),
  variables: z.record(z.string(), z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NotificationTemplate = z.infer<typeof templateSchema>;

export const templateListResponse = z.object({ templates: z.array(templateSchema) });
export const templateResponse = z.object({ template: templateSchema });

const scheduledAt = z
  .string()
  .trim()
  .nullable()
  .optional()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isSupportedInstant(value), 'Scheduled At is not a valid date and time')
  .transform((value) => (value === null ? null : new Date(value).toISOString()));

/**
 * A campaign as an admin enters it (admin spec 5, PRODUCT.md 27). With a template the
 * content is the template's; free-form campaigns carry their own type, subject and body.
 * `recipient_count` is the last preview's count, or 0 (admin spec 9).
 */
export const campaignInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Campaign name is required').max(120, 'Campaign name is too long'),
    template_id: z
      .union([z.uuid('Choose a template from the list'), z.literal(''), z.null()])
      .optional()
      .transform((value) => (value ? value : null)),
    type: z.enum(notificationChannels, { error: 'Type must be email or sms' }).nullable().optional(),
    subject: optionalText(200, 'Subject'),
    body: optionalText(20_000, 'Body'),
    target_filters: targetFiltersSchema.default({}),
    scheduled_at: scheduledAt,
    recipient_count: z.number().int().min(0).max(100_000_000).default(0),
  })
  .superRefine((value, context) => {
    if (value.template_id) return;
    if (!value.body) {
      context.addIssue({
        code: 'custom',
        path: ['body'],
        message: 'Body is required for a free-form campaign',
      });
      return;
    }
    checkContent({ type: value.type ?? 'email', subject: value.subject, body: value.body }, context);
  })
  .transform((value) => {
    if (value.template_id) return { ...value, type: null, subject: null, body: null };
    const type = value.type ?? 'email';
    return { ...value, type, subject: type === 'email' ? value.subject : null };
  });
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignValues = z.output<typeof campaignInputSchema>;

export const campaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  template_id: z.uuid().nullable(),
  /** The joined template's name and type (admin spec 3); null for free-form campaigns. */
  template: z.object({ name: z.string(), type: z.enum(notificationChannels) }).nullable(),
  /** The channel it goes out on: the template's type, or the free-form type. */
  type: z.enum(notificationChannels),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  target_filters: z.record(z.string(), z.string()),
  scheduled_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  status: z.enum(campaignStatuses),
  recipient_count: z.number().int(),
  sent_count: z.number().int(),
  failed_count: z.number().int(),
  created_by: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NotificationCampaign = z.infer<typeof campaignSchema>;

export const campaignListResponse = z.object({ campaigns: z.array(campaignSchema) });
export const campaignResponse = z.object({ campaign: campaignSchema });

/** Preview Recipients: the channel decides whose consent counts (PRODUCT.md 27). */
export const recipientPreviewRequest = z.object({
  target_filters: targetFiltersSchema.default({}),
  channel: z.enum(notificationChannels).default('email'),
});
export const recipientPreviewResponse = z.object({ count: z.number().int().min(0) });

/** Send test goes to the signed-in admin: their e-mail, or for SMS the mobile number they give. */
export const sendTestRequest = z.object({
  phone: z.string().trim().max(32).nullable().optional(),
});
export const sendTestResponse = z.object({ to: z.string(), channel: z.enum(notificationChannels) });

/** Values the live preview renders with (the demo investor's, or the signed-in admin's). */
export const previewSampleResponse = z.object({
  values: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    total_balance: z.string(),
    member_since: z.string(),
    brand_name: z.string(),
    support_email: z.string(),
    unsubscribe_url: z.string(),
  }) satisfies z.ZodType<TemplateValues>,
  source: z.enum(['demo_investor', 'admin']),
  postal_address: z.string(),
});
