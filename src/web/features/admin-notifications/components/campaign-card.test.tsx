// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationCampaign } from '../../../../shared/notifications/contracts';
import { CampaignCard } from './campaign-card';

afterEach(() => {
  cleanup();
});

function campaign(overrides: Partial<NotificationCampaign>): NotificationCampaign {
  return {
    id: crypto.randomUUID(),
    name: 'Spring rates',
    template_id: null,
    template: null,
    type: 'email',
    subject: 'New rates',
    body: 'Hello {{first_name}}',
    target_filters: {},
    scheduled_at: null,
    sent_at: null,
    status: 'draft',
    recipient_count: 12,
    sent_count: 0,
    failed_count: 0,
    created_by: null,
    created_at: '2026-03-01T16:00:00.000Z',
    updated_at: '2026-03-01T16:00:00.000Z',
    ...overrides,
  };
}

function successRate(): string | null | undefined {
  const term = screen.getByText('Success Rate');
  return term.nextElementSibling?.textContent;
}

const noop = () => {};

describe('a campaign card’s success rate (issue 24 item 21)', () => {
  it('reads N/A on a draft, whose previewed recipients have not been sent anything yet', () => {
    render(
      <CampaignCard campaign={campaign({})} mayManage onEdit={noop} onSendTest={noop} onSendNow={noop} />,
    );
    expect(successRate()).toBe('N/A');
  });

  it('reads sent over recipients once the campaign has gone out', () => {
    render(
      <CampaignCard
        campaign={campaign({
          status: 'sent',
          sent_count: 9,
          failed_count: 3,
          sent_at: '2026-03-02T16:00:00.000Z',
        })}
        mayManage
        onEdit={noop}
        onSendTest={noop}
        onSendNow={noop}
      />,
    );
    expect(successRate()).toBe('75%');
  });
});
