// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Adjustment, AdjustmentListResponse } from '../../../shared/admin/back-office-contracts';
import { rememberAdminSession } from '../../lib/admin-session';
import { AdminApprovalsPage } from './admin-approvals-page';

/** The page's first answer can take a while when many test files share the machine. */
const loaded = { timeout: 10_000 };

const adjustment: Adjustment = {
  id: '3d1c2d3e-1111-4222-8333-444455556666',
  investment_id: '4e1c2d3e-1111-4222-8333-444455556666',
  investment_type: 'high_yield',
  investor: {
    id: '5f1c2d3e-1111-4222-8333-444455556666',
    first_name: 'Ana',
    last_name: 'Ruiz',
    email: 'ana@example.com',
  },
  direction: 'credit',
  amount: '12.34',
  reason: 'Goodwill credit for a delayed transfer',
  status: 'pending',
  proposed_by: { id: '6a1c2d3e-1111-4222-8333-444455556666', name: 'Pat Proposer' },
  proposed_at: '2026-03-10T15:00:00.000Z',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  transaction_id: null,
  note_value: '20150.00',
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

let requests: string[];

beforeEach(() => {
  requests = [];
  rememberAdminSession(
    {
      id: crypto.randomUUID(),
      email: 'avery@example.com',
      first_name: 'Avery',
      last_name: 'Approver',
      role: 'operations',
    },
    'token',
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.startsWith('/api/admin/adjustments?status=pending')) {
        const list: AdjustmentListResponse = { adjustments: [adjustment], page: 1, page_size: 20, total: 1 };
        return json(list);
      }
      if (url === `/api/admin/adjustments/${adjustment.id}/approve`) return json({});
      throw new Error(`unexpected request ${url}`);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('approving an adjustment (issue 24 item 21)', () => {
  it('asks first, naming the entry it writes and the note’s value after it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AdminApprovalsPage />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Approve credit of \$12\.34/ }, loaded));
    const dialog = screen.getByRole('dialog', { name: 'Approve this credit?' });
    expect(dialog.textContent).toContain(
      'Writes a credit of $12.34 to Ana Ruiz’s High Yield note: its value goes from $20,150.00 to $20,162.34.',
    );
    expect(requests.some((request) => request.startsWith('POST'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(requests).toContain(`POST /api/admin/adjustments/${adjustment.id}/approve`));
  });
});
