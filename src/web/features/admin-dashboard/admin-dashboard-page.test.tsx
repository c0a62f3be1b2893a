// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDashboardResponse, AdminTransaction } from '../../../shared/admin/dashboard-contracts';
import { rememberAdminSession } from '../../lib/admin-session';
import { AdminDashboardPage } from './admin-dashboard-page';

/** The page's first answer can take a while when many test files share the machine. */
const loaded = { timeout: 10_000 };

const standardNote = 'be5e8a58-1111-4222-8333-444455556666';
const convertedNote = '7c01d2e4-1111-4222-8333-444455556666';
const investor = {
  id: '0b6f3b5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  first_name: 'Ana',
  last_name: 'Ruiz',
  email: 'ana@example.com',
};

function entry(overrides: Partial<AdminTransaction>): AdminTransaction {
  return {
    id: crypto.randomUUID(),
    investment_id: standardNote,
    transaction_type: 'interest_payment',
    investment_type: 'standard',
    amount: '41.42',
    value_effect: '0.00',
    reinvestment_kind: null,
    transaction_date: '2026-03-01',
    created_at: '2026-03-01T16:00:00.000Z',
    investor,
    ...overrides,
  };
}

const dashboard: AdminDashboardResponse = {
  summary: {
    assets_under_management: '1234567.89',
    investor_count: 12,
    active_investor_count: 11,
    interest_paid: '45678.50',
    active_investment_count: 20,
    refreshed_at: null,
  },
  recent_transactions: [
    entry({
      transaction_type: 'reinvestment',
      investment_id: convertedNote,
      investment_type: 'high_yield',
      amount: '6000.00',
      value_effect: '6000.00',
      reinvestment_kind: 'conversion',
    }),
    entry({
      transaction_type: 'reinvestment',
      amount: '6000.00',
      value_effect: '-6000.00',
      reinvestment_kind: 'conversion',
    }),
    entry({}),
  ],
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  rememberAdminSession(
    {
      id: crypto.randomUUID(),
      email: 'sam@example.com',
      first_name: 'Sam',
      last_name: 'Lee',
      role: 'support',
    },
    'token',
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/admin/dashboard') return json(dashboard);
      throw new Error(`unexpected request ${url}`);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard’s recent transactions (issue 24 item 20)', () => {
  it('names the note on each side of a conversion, shows cents on rows and whole dollars on the cards', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AdminDashboardPage />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Recent transactions' }, loaded);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].slice(2).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Conversion into note 7c01d2e4', '$6,000.00'],
      ['Conversion out of note be5e8a58', '$6,000.00'],
      ['Interest paid to bank', '$41.42'],
    ]);
    expect(screen.getByText('$1,234,568')).toBeTruthy();
    expect(screen.getByText('$45,679')).toBeTruthy();
  });
});
