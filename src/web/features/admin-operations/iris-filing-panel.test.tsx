// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IrisOverviewResponse, IrisTransmission } from '../../../shared/admin/iris-contracts';
import { parseIrisErrorLines } from '../../../shared/admin/iris-contracts';
import { rememberAdminSession } from '../../lib/admin-session';
import { IrisFilingPanel } from './iris-filing-panel';

const loaded = { timeout: 10_000 };

const file: IrisTransmission = {
  id: '0f7b2a90-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  batch_id: '1f7b2a90-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  tax_year: 2026,
  kind: 'original',
  format: 'xml',
  is_test: false,
  file_number: 1,
  file_count: 1,
  unique_transmission_id: '3f0c6b1e-8a2d-4f5e-9b7c-1d2e3f4a5b6c:IRIS:DABCD::A',
  record_count: 3,
  total_interest: '300.75',
  total_early_withdrawal_penalty: '5.00',
  total_federal_tax_withheld: '2.40',
  created_by: 'Quinn Harper',
  created_at: '2027-02-10T15:00:00.000Z',
  status: 'awaiting_acknowledgement',
  receipt_id: null,
  errors: [],
  acknowledged_at: null,
  rejected_records: 0,
  records_with_errors: 0,
};

function overview(change: Partial<IrisOverviewResponse> = {}): IrisOverviewResponse {
  return {
    tax_year: 2026,
    channel: 'iris',
    missing_settings: [],
    schema_validation: false,
    csv_records_per_file: 250,
    xml_records_per_file: 50_000,
    state: {
      originals: 2,
      corrections: 0,
      awaiting_transmissions: 1,
      awaiting_records: 3,
      rejected_records: 0,
    },
    transmissions: [file],
    page: 1,
    page_size: 20,
    total: 1,
    ...change,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let answer: IrisOverviewResponse;
let posted: { url: string; body: unknown }[];

beforeEach(() => {
  answer = overview();
  posted = [];
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
      if (init?.method === 'POST') {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        if (url.endsWith('/filings'))
          return json({ batch_id: file.batch_id, file_count: 1, record_count: 2 }, 201);
        return json({ transmission: { ...file, status: 'accepted', receipt_id: '2027-1' }, problems: [] });
      }
      if (url.endsWith('/file'))
        return json(
          {
            error: {
              code: 'validation_failed',
              message: 'Schema says no.',
              schema_errors: ['line 3: SoftwareId missing'],
            },
          },
          422,
        );
      if (url.startsWith('/api/admin/tax-runs/iris?')) return json(answer);
      throw new Error(`unexpected request ${url}`);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(mayRun = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <IrisFilingPanel year={2026} mayRun={mayRun} />
    </QueryClientProvider>,
  );
}

describe('the IRIS panel (issue 25 section 1)', () => {
  it('names the missing settings and offers no build', async () => {
    answer = overview({ missing_settings: ['IRIS_TCC', 'IRIS_CONTACT_EMAIL'] });
    renderPanel();
    expect(await screen.findByText(/IRIS_TCC, IRIS_CONTACT_EMAIL/, {}, loaded)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Build/ })).toBeNull();
  });

  it('builds original XML files and says how many', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Build original files' }, loaded));
    expect(await screen.findByText(/Built 1 file with 2 records/)).toBeTruthy();
    expect(posted[0]).toEqual({
      url: '/api/admin/tax-runs/iris/filings',
      body: { tax_year: 2026, kind: 'original', format: 'xml', test: false },
    });
  });

  it('shows the schema errors when a download is refused', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Download' }, loaded));
    expect(await screen.findByText('line 3: SoftwareId missing')).toBeTruthy();
    expect(screen.getByText('Schema says no.')).toBeTruthy();
  });

  it('records an answer with the errors typed in, and refuses an unreadable line', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Record answer' }, loaded));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'partially_accepted' } });
    fireEvent.change(within(dialog).getByLabelText('Receipt ID'), { target: { value: '2027-1' } });
    fireEvent.change(within(dialog).getByLabelText('Errors'), {
      target: { value: '2,F1099INT-502,TIN mismatch\nnonsense' },
    });
    expect(within(dialog).getByText(/Line 2 cannot be read/)).toBeTruthy();
    const record = within(dialog).getByRole('button', { name: 'Record answer' }) as HTMLButtonElement;
    expect(record.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Errors'), {
      target: { value: '2,F1099INT-502,TIN mismatch' },
    });
    fireEvent.click(record);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({
      status: 'partially_accepted',
      receipt_id: '2027-1',
      errors: [{ record_id: 2, code: 'F1099INT-502', message: 'TIN mismatch' }],
    });
  });

  it('shows support staff the files but no build, download or answer', async () => {
    renderPanel(false);
    expect(await screen.findByText('Awaiting acknowledgement', {}, loaded)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record answer' })).toBeNull();
  });
});

describe('error lines', () => {
  it('reads record ID, code and message, skips a header and keeps commas in the message', () => {
    expect(parseIrisErrorLines('Record ID,Error code,Message\n3,X-1,Name, and TIN\n,S-2,Whole file')).toEqual(
      {
        errors: [
          { record_id: 3, code: 'X-1', message: 'Name, and TIN' },
          { record_id: null, code: 'S-2', message: 'Whole file' },
        ],
        badLines: [],
      },
    );
    expect(parseIrisErrorLines('x,1,2').badLines).toEqual([1]);
  });
});
