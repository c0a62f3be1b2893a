// @vitest-environment jsdom
/**
 * The Failed notices tab (issue 24 item 25, decision 1851): every role reads the notices;
 * Resend is offered only to a role that may send, and says what became of the notice.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FailedNotice } from '../../../../shared/notifications/failed-notice-contracts';
import { FailedNoticeList } from './failed-notice-list';

const notice: FailedNotice = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
  investor_id: '0b7d1f2e-1111-4222-8333-444455556666',
  investor_name: 'Dana Reed',
  investor_email: 'dana@example.com',
  title: 'Transfer requested: $1,000.00',
  occurred_at: '2026-03-10T14:00:00.000Z',
  failed_at: '2026-03-10T18:00:00.000Z',
  attempts: 8,
  last_error: 'connect ECONNREFUSED 10.0.4.12:587',
  delivered: ['bell'],
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let resent: string[] = [];

beforeEach(() => {
  resent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/admin/notifications/failed-notices') {
        return json({ notices: resent.length > 0 ? [] : [notice] });
      }
      if (url === `/api/admin/notifications/failed-notices/${notice.id}/resend` && init?.method === 'POST') {
        resent.push(notice.id);
        return json({ id: notice.id, status: 'sent' });
      }
      return json({ error: { code: 'unauthenticated', message: 'Sign in' } }, 401);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList(mayResend: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FailedNoticeList mayResend={mayResend} />
    </QueryClientProvider>,
  );
}

describe('the Failed notices tab', () => {
  it('shows support the notice, its investor, why it failed and what went out, without Resend', async () => {
    renderList(false);
    await screen.findByText('Transfer requested: $1,000.00');
    expect(screen.getByText('Dana Reed')).toBeTruthy();
    expect(screen.getByText('connect ECONNREFUSED 10.0.4.12:587')).toBeTruthy();
    expect(screen.getByText('8 attempts · Delivered: Portal bell')).toBeTruthy();
    expect(screen.getByText(/Your role can read them only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('lets operations resend and says it was sent', async () => {
    renderList(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(
      (await screen.findByText('“Transfer requested: $1,000.00” was sent to Dana Reed.')).textContent,
    ).toBeTruthy();
    expect(resent).toEqual([notice.id]);
    await screen.findByText('No failed notices');
  });
});
