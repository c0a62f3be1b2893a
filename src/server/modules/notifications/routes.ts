/** The admin API of /admin/notifications (admin spec 2-9, PRODUCT.md 25, 27-28). */
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error';
import {
  campaignInputSchema,
  campaignListResponse,
  campaignResponse,
  notificationChannels,
  previewSampleResponse,
  recipientPreviewRequest,
  recipientPreviewResponse,
  sendTestRequest,
  sendTestResponse,
  templateInputSchema,
  templateListResponse,
  templateResponse,
  templateStatusRequest,
} from '../../../shared/notifications/contracts';
import {
  failedNoticesResponse,
  resendFailedNoticeResponse,
} from '../../../shared/notifications/failed-notice-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import {
  createNotificationCampaign,
  listNotificationCampaigns,
  previewCampaignRecipients,
  sendCampaignNow,
  sendCampaignTest,
  updateNotificationCampaign,
} from './campaign-service';
import { listFailedNotices, resendFailedNotice } from './failed-notices-service';
import { previewSample } from './preview-sample';
import {
  createNotificationTemplate,
  listNotificationTemplates,
  setNotificationTemplateActive,
  updateNotificationTemplate,
} from './template-service';

const idParams = z.object({ id: z.uuid() });
const sampleQuery = z.object({ channel: z.enum(notificationChannels).default('email') });

/**
 * Form bodies are validated with attachValidation so the admin sees the rule's own words
 * ("Unknown variable {{x}} ...") rather than a message prefixed with a field path.
 */
function refuseInvalidBody(request: FastifyRequest): void {
  const error = request.validationError as FastifyError | undefined;
  if (!error) return;
  const issue = error.validation?.[0];
  throw new AppError('validation_failed', { message: issue?.message ?? error.message });
}

export function notificationAdminRoutes(context: AppContext): FastifyPluginAsyncZod {
  const canView = requireAdmin(context, 'notifications:view');
  const canManage = requireAdmin(context, 'notifications:manage');
  const tags = ['admin notifications'];

  return async (app) => {
    app.get(
      '/api/admin/notifications/templates',
      {
        preHandler: canView,
        schema: { tags, summary: 'Every template, newest first', response: { 200: templateListResponse } },
      },
      async () => ({ templates: await listNotificationTemplates(context) }),
    );

    app.post(
      '/api/admin/notifications/templates',
      {
        preHandler: canManage,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Create a template; a variable outside the platform list is refused',
          body: templateInputSchema,
          response: { 201: templateResponse },
        },
      },
      async (request, reply) => {
        refuseInvalidBody(request);
        return reply.status(201).send({
          template: await createNotificationTemplate(context, adminPrincipal(request), request.body),
        });
      },
    );

    app.put(
      '/api/admin/notifications/templates/:id',
      {
        preHandler: canManage,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Edit a template',
          params: idParams,
          body: templateInputSchema,
          response: { 200: templateResponse },
        },
      },
      async (request) => {
        refuseInvalidBody(request);
        return {
          template: await updateNotificationTemplate(
            context,
            adminPrincipal(request),
            request.params.id,
            request.body,
          ),
        };
      },
    );

    app.put(
      '/api/admin/notifications/templates/:id/status',
      {
        preHandler: canManage,
        schema: {
          tags,
          summary: 'Activate or deactivate a template',
          params: idParams,
          body: templateStatusRequest,
          response: { 200: templateResponse },
        },
      },
      async (request) => ({
        template: await setNotificationTemplateActive(
          context,
          adminPrincipal(request),
          request.params.id,
          request.body.is_active,
        ),
      }),
    );

    app.get(
      '/api/admin/notifications/campaigns',
      {
        preHandler: canView,
        schema: {
          tags,
          summary: 'Every campaign with its template name and type, newest first',
          response: { 200: campaignListResponse },
        },
      },
      async () => ({ campaigns: await listNotificationCampaigns(context) }),
    );

    app.post(
      '/api/admin/notifications/campaigns',
      {
        preHandler: canManage,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Create a campaign (always a draft); created_by is the signed-in admin',
          body: campaignInputSchema,
          response: { 201: campaignResponse },
        },
      },
      async (request, reply) => {
        refuseInvalidBody(request);
        const campaign = await createNotificationCampaign(context, adminPrincipal(request), request.body);
        return reply.status(201).send({ campaign });
      },
    );

    app.put(
      '/api/admin/notifications/campaigns/:id',
      {
        preHandler: canManage,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Edit a draft campaign; refused once it is claimed for sending',
          params: idParams,
          body: campaignInputSchema,
          response: { 200: campaignResponse },
        },
      },
      async (request) => {
        refuseInvalidBody(request);
        return {
          campaign: await updateNotificationCampaign(
            context,
            adminPrincipal(request),
            request.params.id,
            request.body,
          ),
        };
      },
    );

    app.post(
      '/api/admin/notifications/recipients/preview',
      {
        preHandler: canManage,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Preview Recipients: how many investors the filters and consent rules reach now',
          body: recipientPreviewRequest,
          response: { 200: recipientPreviewResponse },
        },
      },
      async (request) => {
        refuseInvalidBody(request);
        const { target_filters: filters, channel } = request.body;
        return { count: await previewCampaignRecipients(context, filters, channel) };
      },
    );

    app.post(
      '/api/admin/notifications/campaigns/:id/send-test',
      {
        preHandler: canManage,
        schema: {
          tags,
          summary: 'Send the draft to the signed-in admin (e-mail, or SMS to the number given)',
          params: idParams,
          body: sendTestRequest,
          response: { 200: sendTestResponse },
        },
      },
      async (request) =>
        sendCampaignTest(context, adminPrincipal(request), request.params.id, request.body.phone),
    );

    app.post(
      '/api/admin/notifications/campaigns/:id/send-now',
      {
        preHandler: canManage,
        schema: {
          tags,
          summary: 'Claim the draft and start delivering it now',
          params: idParams,
          response: { 200: campaignResponse },
        },
      },
      async (request) => ({
        campaign: await sendCampaignNow(context, adminPrincipal(request), request.params.id),
      }),
    );

    app.get(
      '/api/admin/notifications/preview-sample',
      {
        preHandler: canView,
        schema: {
          tags,
          summary: "Values the live preview renders with (the demo investor's, or the admin's own)",
          querystring: sampleQuery,
          response: { 200: previewSampleResponse },
        },
      },
      async (request) => ({
        ...(await previewSample(context, adminPrincipal(request), request.query.channel)),
        postal_address: context.config.COMPANY_POSTAL_ADDRESS,
      }),
    );

    app.get(
      '/api/admin/notifications/failed-notices',
      {
        preHandler: canView,
        schema: {
          tags,
          summary: 'Investor notices given up after their last attempt, latest first (decision 1851)',
          response: { 200: failedNoticesResponse },
        },
      },
      async () => listFailedNotices(context),
    );

    app.post(
      '/api/admin/notifications/failed-notices/:id/resend',
      {
        preHandler: canManage,
        schema: {
          tags,
          summary: 'Sends a failed notice again now, repeating no channel that already went out',
          params: idParams,
          response: { 200: resendFailedNoticeResponse },
        },
      },
      async (request) =>
        resendFailedNotice(context, { noticeId: request.params.id, admin: adminPrincipal(request) }),
    );
  };
}
