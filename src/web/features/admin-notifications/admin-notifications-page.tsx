import { useEffect, useState } from 'react';
import { can } from '../../../shared/admin/permissions';
import {
  type NotificationCampaign,
  type NotificationTemplate,
  notificationMessages,
} from '../../../shared/notifications/contracts';
import { Button } from '../../components/ui/button';
import { EmptyState, LoadingState } from '../../components/ui/feedback';
import { Tabs } from '../../components/ui/tabs';
import { useAdminSession } from '../../lib/admin-session';
import { useCampaigns, useTemplates, useToggleTemplate } from './api/notification-queries';
import { CampaignCard } from './components/campaign-card';
import { CampaignModal } from './components/campaign-modal';
import { FailedNoticeList } from './components/failed-notice-list';
import { SendNowModal } from './components/send-now-modal';
import { SendTestModal } from './components/send-test-modal';
import { TemplateCard } from './components/template-card';
import { TemplateModal } from './components/template-modal';
import './admin-notifications.css';

type Tab = 'campaigns' | 'templates' | 'failed';

const tabs = [
  { value: 'campaigns', label: 'Campaigns' },
  { value: 'templates', label: 'Templates' },
  { value: 'failed', label: 'Failed notices' },
] as const;

type OpenModal =
  | { kind: 'template'; template: NotificationTemplate | null }
  | { kind: 'campaign'; campaign: NotificationCampaign | null }
  | { kind: 'send-now'; campaign: NotificationCampaign }
  | { kind: 'send-test'; campaign: NotificationCampaign }
  | null;

/**
 * /admin/notifications (admin spec 2): campaigns and templates, each reloaded when its tab
 * opens, and the investor notices that failed for good, with Resend (decision 1851).
 */
export function AdminNotificationsPage() {
  const { admin } = useAdminSession();
  const mayManage = can(admin?.role, 'notifications:manage');
  const [tab, setTab] = useState<Tab>('campaigns');
  const [modal, setModal] = useState<OpenModal>(null);

  useEffect(() => {
    document.title = 'Notifications · Admin';
  }, []);

  return (
    <div className="admin-notifications">
      <div className="admin-page-header">
        <div>
          <h1>Investor Notifications</h1>
          <p>Campaigns reach only investors who opted in to marketing on that channel, once each.</p>
        </div>
        {mayManage && tab !== 'failed' ? (
          <Button
            onClick={() =>
              setModal(
                tab === 'campaigns'
                  ? { kind: 'campaign', campaign: null }
                  : { kind: 'template', template: null },
              )
            }
          >
            {tab === 'campaigns' ? 'Create Campaign' : 'Create Template'}
          </Button>
        ) : null}
      </div>

      <Tabs<Tab> items={tabs} value={tab} onChange={setTab} label="Notifications" />
      <div className="notifications-panel" role="tabpanel">
        {tab === 'campaigns' ? (
          <CampaignList
            mayManage={mayManage}
            onEdit={(campaign) => setModal({ kind: 'campaign', campaign })}
            onSendTest={(campaign) => setModal({ kind: 'send-test', campaign })}
            onSendNow={(campaign) => setModal({ kind: 'send-now', campaign })}
          />
        ) : tab === 'templates' ? (
          <TemplateList
            mayManage={mayManage}
            onEdit={(template) => setModal({ kind: 'template', template })}
          />
        ) : (
          <FailedNoticeList mayResend={mayManage} />
        )}
      </div>

      {modal?.kind === 'template' ? (
        <TemplateModal template={modal.template} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'campaign' ? (
        <CampaignModal campaign={modal.campaign} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'send-now' ? (
        <SendNowModal campaign={modal.campaign} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'send-test' ? (
        <SendTestModal campaign={modal.campaign} onClose={() => setModal(null)} />
      ) : null}
    </div>
  );
}

function CampaignList({
  mayManage,
  onEdit,
  onSendTest,
  onSendNow,
}: {
  mayManage: boolean;
  onEdit(campaign: NotificationCampaign): void;
  onSendTest(campaign: NotificationCampaign): void;
  onSendNow(campaign: NotificationCampaign): void;
}) {
  const campaigns = useCampaigns();
  if (campaigns.isPending) return <LoadingState text={notificationMessages.loading} />;
  const list = campaigns.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyState title={notificationMessages.noCampaigns}>{notificationMessages.noCampaignsHint}</EmptyState>
    );
  }
  return (
    <div className="notification-list">
      {list.map((campaign) => (
        <CampaignCard
          key={campaign.id}
          campaign={campaign}
          mayManage={mayManage}
          onEdit={() => onEdit(campaign)}
          onSendTest={() => onSendTest(campaign)}
          onSendNow={() => onSendNow(campaign)}
        />
      ))}
    </div>
  );
}

function TemplateList({
  mayManage,
  onEdit,
}: {
  mayManage: boolean;
  onEdit(template: NotificationTemplate): void;
}) {
  const templates = useTemplates();
  const toggle = useToggleTemplate();
  if (templates.isPending) return <LoadingState text={notificationMessages.loading} />;
  const list = templates.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyState title={notificationMessages.noTemplates}>{notificationMessages.noTemplatesHint}</EmptyState>
    );
  }
  const onToggle = async (template: NotificationTemplate) => {
    try {
      await toggle.mutateAsync({ id: template.id, isActive: !template.is_active });
    } catch {
      window.alert(notificationMessages.templateStatusFailed);
    }
  };
  return (
    <div className="notification-list">
      {list.map((template) => (
        <TemplateCard
          key={template.id}
          template={template}
          mayManage={mayManage}
          isToggling={toggle.isPending && toggle.variables?.id === template.id}
          onEdit={() => onEdit(template)}
          onToggle={() => onToggle(template)}
        />
      ))}
    </div>
  );
}
