// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IdentityStatusResponse } from '../../../../shared/banking/contracts';
import { watchlistMessages } from '../../../../shared/banking/watchlist-status';
import { BankLinkWizard } from './bank-link-wizard';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const approved: IdentityStatusResponse = {
  status: 'approved',
  legal_name: 'Nora Patel',
  ssn_last_four: '7890',
  checked_at: '2026-11-26T10:00:00.000Z',
  watchlist: 'clear',
  can_recheck: false,
};

let requested: string[];

function serve(identity: IdentityStatusResponse) {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      if (url === '/api/banking/identity') return json(identity);
      if (url === '/api/banking/identity/recheck')
        return json({ ok: true, error: null, field_errors: null, identity: approved });
      if (url === '/api/session')
        return json({ authenticated: false, pending_second_factor: false, phone_mask: null, investor: null });
      return json({ error: { code: 'unavailable', message: 'Not served here' } }, 503);
    }),
  );
}

function renderWizard() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BankLinkWizard onCancel={vi.fn()} onDone={vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the identity step says one thing per state (issue 24 item 15)', () => {
  it('shows a watchlist hold as a review in progress, not as a green "Identity verified."', async () => {
    serve({ ...approved, watchlist: 'hit' });
    renderWizard();
    await screen.findByRole('button', { name: 'Continue' });
    expect(screen.queryByText(/Identity verified/)).toBeNull();
    expect(document.querySelector('.alert-success')).toBeNull();
    const alerts = document.querySelectorAll('.alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.textContent).toContain(watchlistMessages.purchasesPaused);
  });

  it('reads the session again once the identity is verified, so the header says VERIFIED without a reload', async () => {
    serve({ ...approved, status: 'review', can_recheck: true });
    renderWizard();
    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(requested).toContain('/api/session'));
  });
});
