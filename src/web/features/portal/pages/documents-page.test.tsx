// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentListResponse } from '../../../../shared/portal/document-contracts';
import { DocumentsPage } from './documents-page';

const documents: DocumentListResponse = {
  statements: [],
  signed_agreements: [],
  promissory_notes: [],
  has_tax_record: true,
  tax_forms: [],
  upcoming_tax_forms: [],
};

async function renderDocuments(shown: DocumentListResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(shown), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DocumentsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByRole('region', { name: 'Tax forms' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('tax forms on the documents page (issue 24 item 17)', () => {
  it('says when a form not issued yet will be here, and offers no download for it', async () => {
    const section = await renderDocuments({
      ...documents,
      upcoming_tax_forms: [
        { year: 2026, message: 'Your 2026 Form 1099-INT will be here by January 31, 2027.' },
      ],
    });
    expect(
      within(section).getByText('Your 2026 Form 1099-INT will be here by January 31, 2027.'),
    ).toBeTruthy();
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('offers the issued forms beside the one still to come', async () => {
    const section = await renderDocuments({
      ...documents,
      tax_forms: [{ year: 2025, interest: '1204.18' }],
      upcoming_tax_forms: [
        { year: 2026, message: 'Your 2026 Form 1099-INT will be here by January 31, 2027.' },
      ],
    });
    expect(within(section).getByRole('link', { name: '1099-INT 2025 (PDF)' })).toBeTruthy();
    expect(within(section).queryByRole('link', { name: /2026/ })).toBeNull();
    expect(
      within(section).getByText('Your 2026 Form 1099-INT will be here by January 31, 2027.'),
    ).toBeTruthy();
  });
});
