// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminAmountOwed, AdminNote } from '../../../../shared/admin/dashboard-contracts';
import { AmountsOwedTable } from './amounts-owed-table';

afterEach(() => {
  cleanup();
});

const note: AdminNote = {
  id: '46ee862f-1111-4222-8333-444455556666',
  investment_type: 'standard',
  principal_amount: '10000.00',
  value: '0.00',
  interest_accrued: '0.00',
  interest_rate_annual: '0.08',
  term_years: 1,
  start_date: '2025-01-29',
  maturity_date: '2026-01-29',
  status: 'cancelled',
};

function owed(overrides: Partial<AdminAmountOwed>): AdminAmountOwed {
  return {
    id: crypto.randomUUID(),
    investment_id: note.id,
    ach_payment_id: crypto.randomUUID(),
    direction: 'owed_by_investor',
    amount: '6.58',
    reason: 'Interest credit sent for a note later cancelled (Funding debit failed: R01 Insufficient funds)',
    status: 'open',
    created_at: '2025-02-05T16:00:00.000Z',
    resolved_at: null,
    ...overrides,
  };
}

describe('the money owed on the admin investor detail', () => {
  it('shows nothing when nothing is owed', () => {
    const { container } = render(<AmountsOwedTable amounts={[]} notes={[note]} />);
    expect(container.innerHTML).toBe('');
  });

  it('labels each amount, names its note and totals the open ones per direction', () => {
    render(
      <AmountsOwedTable
        amounts={[
          owed({}),
          owed({ amount: '10.00' }),
          owed({ amount: '3.00', status: 'resolved', resolved_at: '2025-03-01T16:00:00.000Z' }),
        ]}
        notes={[note]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Money owed' }).tagName).toBe('H3');
    expect(screen.getByRole('status').textContent).toBe('Open: Owed back by investor $16.58.');
    const rows = within(screen.getByRole('table', { name: 'Money owed' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Owed back by investor');
    expect(rows[0]?.textContent).toContain('Funding debit failed: R01 Insufficient funds');
    expect(rows[0]?.textContent).toContain('Standard · 8.00% · 46ee862f');
    expect(rows[0]?.textContent).toContain('$6.58');
    expect(rows[2]?.textContent).toContain('Resolved');
  });
});
