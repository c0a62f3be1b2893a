// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobHistoryResponse, JobListResponse } from '../../../shared/jobs/job-contracts';
import { rememberAdminSession } from '../../lib/admin-session';
import { AdminJobsPage } from './admin-jobs-page';

/** The page's first answer can take a while when many test files share the machine. */
const loaded = { timeout: 10_000 };

const jobId = '5f1c2d3e-1111-4222-8333-444455556666';

const list: JobListResponse = {
  jobs: [
    {
      id: jobId,
      name: 'Daily interest',
      description: null,
      functionName: 'calculate-daily-interest',
      scheduleCron: '0 1 * * *',
      enabled: true,
      configuration: {},
      nextRunAt: '2026-03-11T06:00:00.000Z',
      lastRun: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  functions: [
    {
      name: 'calculate-daily-interest',
      description: 'Accrues each active note’s interest and posts the months that have ended.',
    },
  ],
  timeZone: 'America/New_York',
  businessDate: '2026-03-10',
};

const history: JobHistoryResponse = {
  history: [
    {
      id: '6a1c2d3e-1111-4222-8333-444455556666',
      jobId,
      status: 'completed',
      trigger: 'manual',
      recordsProcessed: 42,
      startedAt: '2026-03-10T15:00:00.000Z',
      completedAt: '2026-03-10T15:00:03.000Z',
      errorMessage: null,
      executionMetadata: {
        trigger: 'manual',
        executionDate: '2026-03-10',
        triggeredBy: { name: 'Quinn Harper' },
        result: { notesAccrued: 40, entriesPosted: 2, amountPosted: '81.10' },
      },
    },
  ],
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

let requests: string[];

beforeEach(() => {
  requests = [];
  rememberAdminSession(
    {
      id: crypto.randomUUID(),
      email: 'quinn@example.com',
      first_name: 'Quinn',
      last_name: 'Harper',
      role: 'super_admin',
    },
    'token',
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/admin/jobs') return json(list);
      if (url === `/api/admin/jobs/${jobId}/history`) return json(history);
      if (url === '/functions/v1/calculate-daily-interest') return json({ recordsProcessed: 42 });
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
      <AdminJobsPage />
    </QueryClientProvider>,
  );
}

describe('the jobs page (issue 24 item 21)', () => {
  it('runs a job only once its confirmation, naming what the run does, is accepted', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Run Daily interest now' }, loaded));
    const dialog = screen.getByRole('dialog', { name: 'Run Daily interest now?' });
    expect(dialog.textContent).toContain(
      'Accrues each active note’s interest and posts the months that have ended.',
    );
    expect(dialog.textContent).toContain('for Mar 10, 2026');
    expect(requests).not.toContain('POST /functions/v1/calculate-daily-interest');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).not.toContain('POST /functions/v1/calculate-daily-interest');

    fireEvent.click(screen.getByRole('button', { name: 'Run Daily interest now' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Run now' }));
    await screen.findByText('Daily interest finished: 42 records processed.', {}, loaded);
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([
      'POST /functions/v1/calculate-daily-interest',
    ]);
  });

  it('shows a run’s execution details as fields, not JSON', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'History of Daily interest' }, loaded));
    const details = (await screen.findByText('Execution Details', {}, loaded)).parentElement!;
    const fields = [...details.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.childElementCount ? '(fields)' : term.nextElementSibling?.textContent,
    ]);
    expect(fields).toEqual([
      ['Trigger', 'manual'],
      ['Execution date', '2026-03-10'],
      ['Triggered by', '(fields)'],
      ['Name', 'Quinn Harper'],
      ['Result', '(fields)'],
      ['Notes accrued', '40'],
      ['Entries posted', '2'],
      ['Amount posted', '81.10'],
    ]);
    expect(details.textContent).not.toContain('{');
    await waitFor(() => expect(requests).toContain(`GET /api/admin/jobs/${jobId}/history`));
  });
});
