// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  EarlyRedemptionRow,
  NoteRedemptionResponse,
} from '../../../../shared/redemptions/early-redemption-contracts';
import { EarlyRedemptionCard } from './early-redemption-card';

const noteId = '5b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';

const eligible: NoteRedemptionResponse = {
  is_eligible: true,
  unavailable_reason: null,
  paused_message: null,
  earning_principal: '10000.00',
  partial: { minimum: '100.00', maximum: '9000.00' },
  penalty_days: 90,
  requests: [],
};

function request(overrides: Partial<EarlyRedemptionRow>): EarlyRedemptionRow {
  return {
    id: '6c2d3e4f-5061-4b72-8c83-a4b5c6d7e8f9',
    investment_id: noteId,
    kind: 'whole',
    principal_amount: '10000.00',
    status: 'requested',
    requested_at: '2026-03-10T15:00:00.000Z',
    payment_date: null,
    decline_reason: null,
    failure_reason: null,
    redemption_date: null,
    penalty: null,
    interest_paid: null,
    amount_paid: null,
    is_cancellable: true,
    ...overrides,
  };
}

async function renderCard(answer: Response, isActive = true) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EarlyRedemptionCard investmentId={noteId} isHighYield isActive={isActive} />
    </QueryClientProvider>,
  );
  return screen.findByRole('region', { name: 'Early redemption' });
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the note page’s early redemption card', () => {
  it('offers the request on a note that can be redeemed, with the penalty in words', async () => {
    const card = await renderCard(json(eligible));
    expect(await within(card).findByRole('button', { name: 'ASK TO REDEEM EARLY' })).toBeTruthy();
    expect(card.textContent).toContain('The penalty is 90 days’ interest on the amount redeemed');
  });

  it('shows the pause message staff wrote, and no way to ask', async () => {
    const card = await renderCard(
      json({
        ...eligible,
        is_eligible: false,
        unavailable_reason: 'Early redemption requests are paused.',
        paused_message: 'Requests are paused until 1 April.',
      }),
    );
    expect(await within(card).findByText('Requests are paused until 1 April.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'ASK TO REDEEM EARLY' })).toBeNull();
  });

  it('lists a waiting request with its cancel button, and a declined one with the reason', async () => {
    const card = await renderCard(
      json({
        ...eligible,
        is_eligible: false,
        unavailable_reason: 'This note already has an early redemption request.',
        requests: [
          request({}),
          request({
            id: '7d3e4f50-6172-4c83-8d94-b5c6d7e8f9a0',
            kind: 'partial',
            principal_amount: '2500.00',
            status: 'declined',
            decline_reason: 'Not this quarter.',
            is_cancellable: false,
          }),
        ],
      }),
    );
    const rows = await within(card).findAllByTestId('redemption-request');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Waiting for review')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Cancel request' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Reason: Not this quarter.')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(rows[1]!.textContent).toContain('Part: $2,500.00');
  });

  it('keeps a closed note’s paid redemption on its page, and shows nothing on a closed note without one', async () => {
    const paid = request({
      status: 'paid',
      is_cancellable: false,
      redemption_date: '2026-03-11',
      penalty: '252.49',
      amount_paid: '9929.87',
    });
    const card = await renderCard(
      json({ ...eligible, is_eligible: false, unavailable_reason: 'x', partial: null, requests: [paid] }),
      false,
    );
    expect(
      await within(card).findByText(/paid \$9,929\.87 on March 11, 2026 after a penalty of \$252\.49/),
    ).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ...eligible, is_eligible: false, requests: [] })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <EarlyRedemptionCard investmentId={noteId} isHighYield isActive={false} />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.queryByRole('region', { name: 'Early redemption' })).toBeNull();
  });

  it('says what went wrong when the panel cannot load', async () => {
    const card = await renderCard(
      json({ error: { code: 'not_found', message: 'Investment not found.' } }, 404),
    );
    expect(await within(card).findByText('Investment not found.')).toBeTruthy();
  });
});
