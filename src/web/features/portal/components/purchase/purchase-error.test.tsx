// @vitest-environment jsdom
/**
 * What the purchase dialog's last step says when BUY fails on the server (issue 24 item 5,
 * decision 1850): a payment-rail outage shows the rail's own message; any other 5xx keeps the
 * spec's "Failed to create investment".
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { achPurchaseMessages } from '../../../../../shared/payments/ach-messages';
import { apiRequest } from '../../../../lib/api-client';
import { purchaseErrorMessage } from './purchase-modal';
import { ResultStep } from './result-step';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serverAnswers(status: number, error: { code: string; message: string }): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

async function resultAfterBuy(): Promise<string> {
  try {
    await apiRequest('/api/purchases', { method: 'POST', body: {} });
  } catch (error) {
    render(
      <ResultStep result={{ status: 'error', message: purchaseErrorMessage(error) }} onClose={() => {}} />,
    );
    return screen.getByRole('alert').querySelector('.purchase-result-title')?.textContent ?? '';
  }
  throw new Error('the purchase did not fail');
}

describe('the purchase dialog after a failed BUY', () => {
  it('shows the rail’s message when the payment provider cannot be reached', async () => {
    serverAnswers(503, { code: 'provider_unavailable', message: achPurchaseMessages.railUnavailable });
    expect(await resultAfterBuy()).toBe(
      'ERROR: We could not reach our payment provider. No note was created. Please try again in a few minutes.',
    );
  });

  it('keeps the spec’s message for any other server failure', async () => {
    serverAnswers(500, { code: 'internal', message: 'Something went wrong' });
    expect(await resultAfterBuy()).toBe('ERROR: Failed to create investment');
  });
});
