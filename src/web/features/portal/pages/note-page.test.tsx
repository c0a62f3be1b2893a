// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  InterestPostingRow,
  NoteDetailResponse,
} from '../../../../shared/investments/note-detail-contracts';
import { NotePage } from './note-page';

const noteId = '77778efa-e892-4e3a-85f0-022dc991b35d';

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

function posting(overrides: Partial<InterestPostingRow>): InterestPostingRow {
  return {
    period: '2026-05-01',
    from: '2026-05-05',
    through: '2026-05-31',
    days: 27,
    principal: '15000.00',
    interest_rate_annual: '0.08',
    exact_accrual: '88.7671232876',
    amount: '88.77',
    posted_amount: '88.77',
    posted_on: '2026-06-01',
    carried: '-0.0028767124',
    credited: true,
    ...overrides,
  };
}

const reinvestingNote: NoteDetailResponse = {
  id: noteId,
  reference: '77778EFA',
  investment_type: 'standard',
  status: 'active',
  origin: 'purchase',
  principal_amount: '15000.00',
  interest_rate_annual: '0.08',
  term_years: 1,
  start_date: '2026-05-05',
  maturity_date: '2027-05-05',
  value: '15000.00',
  income_to_date: '0.00',
  interest_accrued: '0.0000000000',
  postings: [],
  projected_postings: [],
  projected_value_at_maturity: null,
  maturity_instruction: null,
  can_change_instruction: false,
  rollover_terms: [],
  source_reference: null,
  can_undo_rollover: false,
  undo_until: null,
  interest_reinvestment: {
    reinvests_this_month: true,
    chosen: true,
    changes_from: null,
    next_switch_from: '2026-06-01',
  },
  can_change_reinvestment: true,
};

async function renderNote(note: NoteDetailResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(note)),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/notes/${noteId}`]}>
        <Routes>
          <Route path="/notes/:investmentId" element={<NotePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
}

function fact(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.parentElement?.querySelector('dd')?.textContent ?? '';
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the note page speaks in cents and in words that fit the note (issue 24 item 14)', () => {
  it('shows a new reinvesting note as compounding, with nothing paid to a bank and no ten-place figures', async () => {
    await renderNote(reinvestingNote);
    expect(fact('Rate')).toBe('8.00% a year, compounding monthly');
    expect(fact('Accruing, not yet posted')).toBe('$0.00');
    expect(fact('Income to date')).not.toContain('bank');
    expect(fact('Income to date')).toContain('added to your note');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary.textContent).not.toMatch(/\.\d{10}/);
  });

  it('rounds the accrual to cents and keeps the exact figure in the expandable detail', async () => {
    await renderNote({ ...reinvestingNote, interest_accrued: '85.4881830136' });
    expect(fact('Accruing, not yet posted')).toBe('$85.49');
    const exact = screen.getByText('Exact figures').closest('details');
    expect(exact?.textContent).toContain('$85.4881830136');
  });

  it('calls an accrual under a cent what it is', async () => {
    await renderNote({ ...reinvestingNote, interest_accrued: '0.0041095890' });
    expect(fact('Accruing, not yet posted')).toBe('Less than $0.01');
  });

  it('shows postings in cents, and a rounded-up month as explained words in the exact figures, never a bare negative', async () => {
    await renderNote({
      ...reinvestingNote,
      value: '15187.98',
      income_to_date: '187.98',
      postings: [
        posting({}),
        posting({
          period: '2026-06-01',
          from: '2026-06-01',
          through: '2026-06-30',
          days: 30,
          exact_accrual: '99.2138301370',
          amount: '99.21',
          posted_amount: '99.21',
          carried: '0.0009534246',
        }),
      ],
    });
    const postings = screen.getByRole('table', { name: 'Interest postings' });
    expect(within(postings).queryByText(/\.\d{10}/)).toBeNull();
    expect(within(postings).getByText('$88.77')).toBeTruthy();
    expect(within(postings).getAllByText('Added to your note')).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/-\$0\.\d/);
    const exact = screen.getByText('Exact figures').closest('details')!;
    expect(exact.textContent).toContain('Rounded up by $0.0028767124');
    expect(exact.textContent).toContain('$0.0009534246 carried to the next month');
    expect(fact('Income to date')).toBe('$187.98 added to your note');
  });

  it('says a Standard note that pays out is simple interest paid to the bank', async () => {
    await renderNote({
      ...reinvestingNote,
      interest_reinvestment: {
        ...reinvestingNote.interest_reinvestment!,
        reinvests_this_month: false,
        chosen: false,
      },
      income_to_date: '88.77',
      postings: [posting({ credited: false })],
    });
    expect(fact('Rate')).toBe('8.00% a year, simple, paid monthly to your bank');
    expect(fact('Income to date')).toBe('$88.77 paid to your bank');
  });

  it('says a High-Yield note earns on its principal and is credited to the note', async () => {
    await renderNote({
      ...reinvestingNote,
      investment_type: 'high_yield',
      interest_rate_annual: '0.09',
      interest_reinvestment: null,
      can_change_reinvestment: false,
    });
    expect(fact('Rate')).toBe('9.00% a year, simple, added to the note monthly');
  });
});
