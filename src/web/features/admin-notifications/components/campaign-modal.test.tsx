// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CampaignModal } from './campaign-modal';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/admin/notifications/templates') return json({ templates: [] });
      return json({ error: { code: 'unexpected', message: `unexpected request ${url}` } }, 500);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CampaignModal campaign={null} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('the campaign modal’s save error (issue 13 item 16: stale errors clear)', () => {
  it('disappears when the admin edits a field', () => {
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(screen.getByRole('alert').textContent).toContain('Campaign name is required');

    fireEvent.change(screen.getByLabelText('Campaign Name'), { target: { value: 'Spring rates' } });
    expect(screen.queryByText('Campaign name is required')).toBeNull();
  });

  it('disappears when the body changes after a missing-body error', () => {
    renderModal();
    fireEvent.change(screen.getByLabelText('Campaign Name'), { target: { value: 'Spring rates' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(screen.getByText('Body is required for a free-form campaign')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: 'Hello {{first_name}}' } });
    expect(screen.queryByText('Body is required for a free-form campaign')).toBeNull();
  });
});
