import {
  type CampaignStatus,
  type NotificationCampaign,
  notificationMessages,
  successRateLabel,
} from '../../../../shared/notifications/contracts';
import { Button } from '../../../components/ui/button';
import { Badge, type BadgeTone } from '../../../components/ui/feedback';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { formatCount } from '../../../../shared/format/en-us-text';

const statusTones: Record<CampaignStatus, BadgeTone> = {
  draft: 'neutral',
  sending: 'warning',
  sent: 'success',
  failed: 'danger',
};

function dateOrNotApplicable(instant: string | null): string {
  return instant ? formatLocalDateTime(instant) : notificationMessages.notApplicable;
}

/** A campaign as the list shows it (admin spec 2): counts, success rate, times, filters; draft actions. */
export function CampaignCard({
  campaign,
  mayManage,
  onEdit,
  onSendTest,
  onSendNow,
}: {
  campaign: NotificationCampaign;
  mayManage: boolean;
  onEdit(): void;
  onSendTest(): void;
  onSendNow(): void;
}) {
  const hasFilters = Object.keys(campaign.target_filters).length > 0;
  const isDraft = campaign.status === 'draft';
  return (
    <article className="notification-card" aria-labelledby={`campaign-${campaign.id}`}>
      <header className="notification-card-header">
        <div className="notification-card-title">
          <h3 id={`campaign-${campaign.id}`}>{campaign.name}</h3>
          <div className="notification-card-badges">
            <Badge tone={statusTones[campaign.status]}>{campaign.status}</Badge>
            <span className="campaign-template">
              {campaign.template ? campaign.template.name : 'Free-form'}
              <span className="channel-tag">{campaign.type.toUpperCase()}</span>
            </span>
          </div>
        </div>
        {mayManage && isDraft ? (
          <div className="notification-card-actions">
            <Button variant="ghost" size="sm" onClick={onEdit}>
              Edit
            </Button>
            <Button variant="secondary" size="sm" onClick={onSendTest}>
              Send test
            </Button>
            <Button size="sm" onClick={onSendNow}>
              Send now
            </Button>
          </div>
        ) : null}
      </header>
      <dl className="campaign-stats">
        <div>
          <dt>Recipients</dt>
          <dd>{formatCount(campaign.recipient_count)}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>{formatCount(campaign.sent_count)}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{formatCount(campaign.failed_count)}</dd>
        </div>
        <div>
          <dt>Success Rate</dt>
          <dd>{successRateLabel(campaign.sent_count, campaign.recipient_count, campaign.status)}</dd>
        </div>
      </dl>
      <dl className="campaign-times">
        <div>
          <dt>Scheduled At</dt>
          <dd>{dateOrNotApplicable(campaign.scheduled_at)}</dd>
        </div>
        <div>
          <dt>Sent At</dt>
          <dd>{dateOrNotApplicable(campaign.sent_at)}</dd>
        </div>
      </dl>
      {hasFilters ? (
        <div className="campaign-filters">
          <span>Target filters</span>
          <pre>{JSON.stringify(campaign.target_filters, null, 2)}</pre>
        </div>
      ) : null}
    </article>
  );
}
