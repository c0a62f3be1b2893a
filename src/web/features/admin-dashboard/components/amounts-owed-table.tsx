import type { AdminAmountOwed, AdminNote } from '../../../../shared/admin/dashboard-contracts';
import { formatUsd } from '../../../../shared/format/money-format';
import {
  type OwedDirection,
  owedDirectionLabels,
  owedDirections,
  owedStatusLabels,
} from '../../../../shared/ledger/amounts-owed';
import { addMoney } from '../../../../shared/money/decimal-string';
import { noteLabel, shortId } from '../../../../shared/portal/transaction-display';
import { DataTable } from '../../../components/ui/data-table';
import { Alert, Badge } from '../../../components/ui/feedback';
import { formatLocalDateTime } from '../../../lib/format-date-time';

function noteLabelOf(investmentId: string | null, notes: AdminNote[]): string {
  if (!investmentId) return 'No note';
  const note = notes.find((candidate) => candidate.id === investmentId);
  return note ? noteLabel({ ...note, investment_id: note.id }) : shortId(investmentId);
}

function openTotals(amounts: AdminAmountOwed[]): { direction: OwedDirection; total: string }[] {
  return owedDirections
    .map((direction) => {
      const open = amounts.filter((owed) => owed.status === 'open' && owed.direction === direction);
      return { direction, total: open.length > 0 ? addMoney(...open.map((owed) => owed.amount)) : null };
    })
    .filter((entry): entry is { direction: OwedDirection; total: string } => entry.total !== null);
}

/**
 * Money owed between the platform and the investor outside the notes (PRODUCT.md 36): an
 * interest credit that left for a note later cancelled, and later, credits that came back.
 * Shown only when there is any, open amounts first.
 */
export function AmountsOwedTable({ amounts, notes }: { amounts: AdminAmountOwed[]; notes: AdminNote[] }) {
  if (amounts.length === 0) return null;
  const totals = openTotals(amounts);
  return (
    <section aria-labelledby="amounts-owed-heading">
      <h3 id="amounts-owed-heading" className="detail-heading">
        Money owed
      </h3>
      {totals.length > 0 ? (
        <Alert tone="warning" title="Open:">
          {totals
            .map(({ direction, total }) => `${owedDirectionLabels[direction]} ${formatUsd(total)}`)
            .join('; ')}
          .
        </Alert>
      ) : null}
      <DataTable
        caption="Money owed"
        rows={amounts}
        rowKey={(owed) => owed.id}
        columns={[
          {
            key: 'owed',
            label: 'Owed',
            isTitle: true,
            cell: (owed) => (
              <>
                <Badge tone={owed.direction === 'owed_by_investor' ? 'warning' : 'accent'}>
                  {owedDirectionLabels[owed.direction]}
                </Badge>
                <div className="owed-reason">{owed.reason}</div>
              </>
            ),
          },
          { key: 'note', label: 'Note', cell: (owed) => noteLabelOf(owed.investment_id, notes) },
          {
            key: 'recorded',
            label: 'Recorded',
            className: 'nowrap',
            cell: (owed) => formatLocalDateTime(owed.created_at),
          },
          {
            key: 'status',
            label: 'Status',
            cell: (owed) => (
              <Badge tone={owed.status === 'open' ? 'danger' : 'success'}>
                {owedStatusLabels[owed.status]}
              </Badge>
            ),
          },
          { key: 'amount', label: 'Amount', isNumeric: true, cell: (owed) => formatUsd(owed.amount) },
        ]}
      />
    </section>
  );
}
