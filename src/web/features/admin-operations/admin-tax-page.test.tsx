// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxYearOverviewResponse } from '../../../shared/admin/back-office-contracts';
import { rememberAdminSession } from '../../lib/admin-session';
import { AdminTaxPage } from './admin-tax-page';

/** The page's first answer can take a while when many test files share the machine. */
const loaded = { timeout: 10_000 };

function overview(nextRun: TaxYearOverviewResponse['next_run']): TaxYearOverviewResponse {
  return {
    tax_year: 2025,
    latest_year: 2025,
    runs: [],
    forms: [],
    forms_page: 1,
    totals: {
      form_count: 0,
      interest: '0.00',
      federal_tax_withheld: '0.00',
      correction_count: 0,
      original_count: 0,
    },
    missing_tax_record_count: 1,
    missing_tax_records: [
      {
        investor_id: '5f1c2d3e-1111-4222-8333-444455556666',
        email: 'nameless@example.com',
        interest: '40.00',
      },
    ],
    is_fire_configured: false,
    next_run: nextRun,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let requests: string[];
let answer: TaxYearOverviewResponse;

beforeEach(() => {
  requests = [];
  answer = overview({ new_forms: 3, corrections: 1 });
  rememberAdminSession(
    {
      id: crypto.randomUUID(),
      email: 'quinn@example.com',
      first_name: 'Quinn',
      last_name: 'Harper',
      role: 'operations',
    },
    'token',
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/admin/tax-runs' && init?.method === 'POST') return json({}, 201);
      if (url.startsWith('/api/admin/tax-runs')) return json(answer);
      throw new Error(`unexpected request ${url}`);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdminTaxPage />
    </QueryClientProvider>,
  );
}

describe('the tax run (issue 24 item 21)', () => {
  it('asks first, saying how many forms it issues and how many investors it notifies', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Run 2025 tax forms' }, loaded));
    const dialog = screen.getByRole('dialog', { name: 'Run the 2025 tax run?' });
    expect(dialog.textContent).toContain(
      'Issues 3 new forms and 1 corrected form, and notifies 4 investors by the channels each has chosen.',
    );
    expect(dialog.textContent).toContain('1 investor with $10 or more has no tax record and gets no form.');
    expect(requests.some((request) => request.startsWith('POST'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Run tax run' }));
    await waitFor(() => expect(requests).toContain('POST /api/admin/tax-runs'));
    await screen.findByText('Tax run finished. The figures below are up to date.', {}, loaded);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when a run would issue nothing and notify no one', async () => {
    answer = overview({ new_forms: 0, corrections: 0 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Run 2025 tax forms' }, loaded));
    expect(screen.getByRole('dialog', { name: 'Run the 2025 tax run?' }).textContent).toContain(
      'Every 2025 form is up to date: the run issues nothing and notifies no one.',
    );
  });

  it('reads as one clause when only new forms are due', async () => {
    answer = overview({ new_forms: 1, corrections: 0 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Run 2025 tax forms' }, loaded));
    expect(screen.getByRole('dialog', { name: 'Run the 2025 tax run?' }).textContent).toContain(
      'Issues 1 new form and notifies 1 investor by the channels each has chosen.',
    );
  });
});
