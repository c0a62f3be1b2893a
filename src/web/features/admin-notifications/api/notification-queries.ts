import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CampaignInput,
  NotificationCampaign,
  NotificationChannel,
  NotificationTemplate,
  previewSampleResponse,
  TemplateInput,
} from '../../../../shared/notifications/contracts';
import type {
  FailedNoticesResponse,
  ResendFailedNoticeResponse,
} from '../../../../shared/notifications/failed-notice-contracts';
import { adminRequest } from '../../../lib/admin-api';

export type PreviewSample = z.infer<typeof previewSampleResponse>;

const templatesKey = ['admin', 'notifications', 'templates'] as const;
const campaignsKey = ['admin', 'notifications', 'campaigns'] as const;

/** Reloaded whenever the tab is opened (admin spec 2); a failure is only logged (admin spec 8). */
export function useTemplates() {
  return useQuery({
    queryKey: templatesKey,
    queryFn: async ({ signal }) => {
      try {
        return (
          await adminRequest<{ templates: NotificationTemplate[] }>('/api/admin/notifications/templates', {
            signal,
          })
        ).templates;
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('Failed to load notification templates', error);
        return [];
      }
    },
    refetchOnMount: 'always',
    retry: false,
  });
}

/** While a campaign is sending, the list refreshes every two seconds so its counts grow on screen. */
export function useCampaigns() {
  return useQuery({
    queryKey: campaignsKey,
    queryFn: async ({ signal }) => {
      try {
        return (
          await adminRequest<{ campaigns: NotificationCampaign[] }>('/api/admin/notifications/campaigns', {
            signal,
          })
        ).campaigns;
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('Failed to load notification campaigns', error);
        return [];
      }
    },
    refetchOnMount: 'always',
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.some((campaign) => campaign.status === 'sending') ? 2000 : false,
  });
}

export function usePreviewSample(channel: NotificationChannel) {
  return useQuery({
    queryKey: ['admin', 'notifications', 'preview-sample', channel],
    queryFn: ({ signal }) =>
      adminRequest<PreviewSample>(`/api/admin/notifications/preview-sample?channel=${channel}`, { signal }),
    staleTime: 5 * 60_000,
  });
}

function useInvalidatingMutation<Variables, Result>(run: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'notifications'] }),
  });
}

export function useSaveTemplate() {
  return useInvalidatingMutation((variables: { id: string | null; input: TemplateInput }) =>
    adminRequest<{ template: NotificationTemplate }>(
      variables.id
        ? `/api/admin/notifications/templates/${variables.id}`
        : '/api/admin/notifications/templates',
      { method: variables.id ? 'PUT' : 'POST', body: variables.input },
    ),
  );
}

export function useToggleTemplate() {
  return useInvalidatingMutation((variables: { id: string; isActive: boolean }) =>
    adminRequest<{ template: NotificationTemplate }>(
      `/api/admin/notifications/templates/${variables.id}/status`,
      {
        method: 'PUT',
        body: { is_active: variables.isActive },
      },
    ),
  );
}

export function useSaveCampaign() {
  return useInvalidatingMutation((variables: { id: string | null; input: CampaignInput }) =>
    adminRequest<{ campaign: NotificationCampaign }>(
      variables.id
        ? `/api/admin/notifications/campaigns/${variables.id}`
        : '/api/admin/notifications/campaigns',
      { method: variables.id ? 'PUT' : 'POST', body: variables.input },
    ),
  );
}

export function previewRecipients(
  filters: unknown,
  channel: NotificationChannel,
): Promise<{ count: number }> {
  return adminRequest<{ count: number }>('/api/admin/notifications/recipients/preview', {
    method: 'POST',
    body: { target_filters: filters, channel },
  });
}

export function useSendNow() {
  return useInvalidatingMutation((campaignId: string) =>
    adminRequest<{ campaign: NotificationCampaign }>(
      `/api/admin/notifications/campaigns/${campaignId}/send-now`,
      {
        method: 'POST',
      },
    ),
  );
}

export function useSendTest() {
  return useMutation({
    mutationFn: (variables: { campaignId: string; phone?: string }) =>
      adminRequest<{ to: string; channel: NotificationChannel }>(
        `/api/admin/notifications/campaigns/${variables.campaignId}/send-test`,
        { method: 'POST', body: variables.phone ? { phone: variables.phone } : {} },
      ),
  });
}

const failedNoticesKey = ['admin', 'notifications', 'failed-notices'] as const;

/** Investor notices the queue gave up on (decision 1851), reloaded whenever the tab opens. */
export function useFailedNotices() {
  return useQuery({
    queryKey: failedNoticesKey,
    queryFn: ({ signal }) =>
      adminRequest<FailedNoticesResponse>('/api/admin/notifications/failed-notices', { signal }),
    refetchOnMount: 'always',
    retry: false,
  });
}

export function useResendFailedNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeId: string) =>
      adminRequest<ResendFailedNoticeResponse>(`/api/admin/notifications/failed-notices/${noticeId}/resend`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedNoticesKey }),
  });
}
