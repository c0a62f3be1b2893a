// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransactionPage, TransactionRow } from '../../../../shared/portal/transaction-contracts';
import { TransactionListView } from './transaction-list-view';

const standardNote = {
  investment_type: 'standard',
  principal_amount: '15000.00',
  interest_rate_annual: '0.08',
  notes: null,
  backup_withheld: '0.00',
  transaction_date: '2026-02-02',
  created_at: '2026-02-02T14:00:00.000Z',
} as const;

const reinvested: TransactionRow = {
  ...standardNote,
  id: '0b1c2d3e-0000-4000-8000-000000000001',
  investment_id: '1a2b3c4d-0000-4000-8000-000000000000',
  transaction_type: 'interest_payment',
  amount: '101.92',
  signed_amount: '+101.92',
  balance_change: '+101.92',
};

const paidOut: TransactionRow = {
  ...standardNote,
  id: '0b1c2d3e-0000-4000-8000-000000000002',
  investment_id: '5e6f7a8b-0000-4000-8000-000000000000',
  transaction_type: 'interest_payment',
  amount: '61.15',
  signed_amount: '+61.15',
  balance_change: '0.00',
};

const purchase: TransactionRow = {
  ...standardNote,
  id: '0b1c2d3e-0000-4000-8000-000000000003',
  investment_id: '1a2b3c4d-0000-4000-8000-000000000000',
  transaction_type: 'purchase',
  amount: '10000.00',
  signed_amount: '+10000.00',
  balance_change: '+10000.00',
};

function renderList(wide: boolean) {
  const page: TransactionPage = { transactions: [reinvested, paidOut, purchase], next_cursor: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: !wide,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TransactionListView filter="all" onFilterChange={() => {}} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function rowsShown() {
  const list = await screen.findByRole('list');
  return within(list).getAllByRole('button');
}

describe('the transaction list (issue 24 items 13 and 19)', () => {
  it('names Standard interest by where it went: added to the note when reinvested, paid to the bank when not', async () => {
    renderList(true);
    const [first, second] = await rowsShown();
    expect(first!.textContent).toContain('Interest added to note');
    expect(second!.textContent).toContain('Interest paid to bank');
  });

  it('shows the same name in the selected entry’s detail', async () => {
    renderList(true);
    const [first] = await rowsShown();
    fireEvent.click(first!);
    const detail = screen.getByRole('complementary', { name: 'Transaction details' });
    expect(within(detail).getAllByText('Interest added to note').length).toBeGreaterThan(0);
    expect(within(detail).queryByText('Interest paid to bank')).toBeNull();
  });

  it('calls each row’s second figure a balance change, not a balance', async () => {
    renderList(true);
    const [, second, third] = await rowsShown();
    expect(third!.textContent).toContain('Balance change: +$10,000.00');
    expect(second!.textContent).toContain('Balance change: No change');
    expect(third!.textContent).not.toMatch(/Balance:/);
  });
});
