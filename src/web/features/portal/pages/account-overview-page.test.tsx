// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInvestor } from '../../../../shared/auth/contracts';
import type { OverviewResponse } from '../../../../shared/portal/portal-contracts';
import { refreshSession } from '../../../lib/session';
import { AccountOverviewPage } from './account-overview-page';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const investor: SessionInvestor = {
  user_id: '3f2c1a4e-8d6b-4c2a-9e1f-0a1b2c3d4e5f',
  investor_id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone_masked: '***-***-0111',
  status: 'active',
  member_since_year: 2026,
  email_verified: true,
  phone_verified: true,
  password_set: true,
  has_verified_bank_account: true,
  identity_verified: true,
  is_returning_visitor: false,
  next_screen: '/account-overview',
};

const overview: OverviewResponse = {
  first_name: 'Ada',
  balance: {
    total_balance: '0.00',
    high_yield_total: '0.00',
    standard_total: '0.00',
    accruing_interest: '0.00',
  },
  notes: [],
  note_count: 0,
  referral: { code: 'ADA2026', path: '/signup?ref=ADA2026', signups: 0 },
  owed_to_you: '0.00',
  standard_monthly_interest: null,
  purchase_hold: null,
};

async function renderOverviewFor(isReturningVisitor: boolean, shown: OverviewResponse = overview) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/session') {
        return json({
          authenticated: true,
          pending_second_factor: false,
          phone_mask: investor.phone_masked,
          investor: { ...investor, is_returning_visitor: isReturningVisitor },
        });
      }
      if (url === '/api/portal/overview') return json(shown);
      if (url === '/api/portal/balance-history') return json({ points: [] });
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
  await refreshSession();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AccountOverviewPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByRole('heading', { level: 1 });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the account overview greeting (issue 13 item 17: no "Welcome back" on a first visit)', () => {
  it('welcomes a first-time visitor without "back"', async () => {
    expect((await renderOverviewFor(false)).textContent).toBe('Welcome, Ada');
  });

  it('welcomes a returning investor back', async () => {
    expect((await renderOverviewFor(true)).textContent).toBe('Welcome back, Ada');
  });
});

describe('money owed to the investor (PRODUCT.md 36)', () => {
  it('says how much is owed and where to fix the bank account', async () => {
    await renderOverviewFor(false, { ...overview, owed_to_you: '42.75' });
    const notice = (await screen.findByText('$42.75 is owed to you.')).closest('.alert')!;
    expect(notice.textContent).toContain('update your bank account in Settings and we send it again');
  });

  it('shows nothing when nothing is owed', async () => {
    await renderOverviewFor(false);
    expect(screen.queryByText(/is owed to you/)).toBeNull();
  });
});

describe('each High-Yield note says what happens at maturity (issue 24 item 16)', () => {
  const highYield = {
    investment_type: 'high_yield' as const,
    principal_amount: '9440.00',
    interest_rate_annual: '0.09',
    term_years: 2,
    start_date: '2026-11-22',
    maturity_date: '2028-11-22',
    status: 'active' as const,
    value: '9440.00',
    reinvests_interest: null,
    reinvestment_changes_from: null,
  };

  it('shows a pay-out and a rollover with its term on the overview', async () => {
    await renderOverviewFor(false, {
      ...overview,
      notes: [
        {
          ...highYield,
          id: 'cfb73a43-54fc-4a59-abce-95e7f691fa2c',
          maturity_instruction: { kind: 'roll_over', term_years: 3 },
        },
        {
          ...highYield,
          id: '3a03b944-e36e-4408-9127-73d7c6274a29',
          maturity_instruction: { kind: 'pay_out' },
        },
      ],
      note_count: 2,
    });
    const lines = (await screen.findAllByTestId('maturity-instruction')).map((line) => line.textContent);
    expect(lines).toEqual([
      'At maturity: rolls over into a new 3-year note',
      'At maturity: paid out to your bank account',
    ]);
  });
});

describe('one clear message while purchases are not possible (issue 24 item 15)', () => {
  it('greets an investor whose name is not known without calling them "Investor"', async () => {
    expect((await renderOverviewFor(false, { ...overview, first_name: null })).textContent).toBe('Welcome');
    cleanup();
    expect((await renderOverviewFor(true, { ...overview, first_name: null })).textContent).toBe(
      'Welcome back',
    );
  });

  it('shows a failed identity check with what to do next', async () => {
    await renderOverviewFor(false, { ...overview, first_name: null, purchase_hold: 'identity_failed' });
    const banner = screen.getByTestId('purchase-hold');
    expect(banner.textContent).toContain('We could not verify your identity.');
    expect(within(banner).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/link-bank?return=%2Faccount-overview',
    );
  });

  it('shows a watchlist review as paused purchases, with nothing to do and nothing verified in green', async () => {
    await renderOverviewFor(false, { ...overview, purchase_hold: 'watchlist_review' });
    const banner = screen.getByTestId('purchase-hold');
    expect(banner.textContent).toContain(
      'Purchases are paused while we complete a routine compliance review',
    );
    expect(within(banner).queryByRole('link')).toBeNull();
    expect(document.querySelector('.alert-success')).toBeNull();
  });

  it('shows no banner when the investor can buy', async () => {
    await renderOverviewFor(false);
    expect(screen.queryByTestId('purchase-hold')).toBeNull();
  });
});
