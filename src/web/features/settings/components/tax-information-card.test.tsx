// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaxInformationView } from '../../../../shared/settings/tax-information';
import {
  type BackupWithholdingStatus,
  W9_CERTIFICATION_VERSION,
} from '../../../../shared/tax/w9-certification';
import { TaxInformationCard } from './tax-information-card';

// The step-up has its own tests; here the code is taken as given.
vi.mock('../hooks/use-step-up', () => ({
  useStepUp: () => ({
    withStepUp: <T,>(action: () => Promise<T>) => action(),
    requestStepUp: async () => true,
    stepUpDialog: null,
  }),
}));
const record: TaxInformationView = {
  legal_first_name: 'Ann',
  legal_last_name: 'Lee',
  date_of_birth: '1985-04-12',
  address1: '1 Main Street',
  address2: null,
  city: 'Boston',
  state: 'MA',
  postal_code: '02110',
  tin_type: 'ssn',
  tin_last_four: '8642',
  status: 'approved',
  updated_at: '2026-03-10T15:00:00Z',
};

const certifiedStatus: BackupWithholdingStatus = {
  certification: {
    version: W9_CERTIFICATION_VERSION,
    certified_at: '2026-03-10T15:00:00Z',
    tin_type: 'ssn',
    tin_last_four: '8642',
    legal_name: 'Ann Lee',
    subject_to_backup_withholding: false,
  },
  needs_certification: false,
  is_withheld: false,
  reasons: [],
  rate: '0.24',
  grace_until: null,
  current_version: W9_CERTIFICATION_VERSION,
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('saving tax information (issue 24 item 19)', () => {
  it('brings the saved message into view and moves focus to it, as the form it replaces goes away', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/settings/tax-information'
          ? json({
              ok: true,
              changed: true,
              message: 'Your tax information was saved.',
              tax_information: record,
            })
          : url === '/api/settings/w9-certification'
            ? json(certifiedStatus)
            : json({ authenticated: false }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TaxInformationCard record={record} />
      </QueryClientProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    });
    // The form loads on demand (decision 1411): on a busy machine that takes a while.
    fireEvent.click(await screen.findByRole('button', { name: 'Save tax information' }, { timeout: 15_000 }));
    const message = await screen.findByText('Your tax information was saved.', {}, { timeout: 15_000 });
    // The message shows before the effect that brings it to the investor has run: wait for that.
    await waitFor(() => expect(scrolled.some((element) => element.contains(message))).toBe(true));
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.contains(message)).toBe(true);
  });
});
