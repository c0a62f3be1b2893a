import type { AdminAmountOwed, AdminNote } from '../../../../shared/admin/dashboard-contracts';
import { formatUsd } from '../../../../shared/format/money-format';
import {
  type OwedDirection,
  owedDirectionLabels,
  owedDirections,
  owedStatusLabels,
} from '../../../../shared/ledger/amounts-owed';
import { addMoney } from '../../../../shared/money/decimal-string';
import { investmentTypeLabel, ratePercent } from '../../../../shared/products/plans';
import { Alert, Badge } from '../../../components/ui/feedback';
import { formatLocalDateTime } from '../../../lib/format-date-time';

function noteLabel(investmentId: string | null, notes: AdminNote[]): string {
  if (!investmentId) return 'No note';
  const note = notes.find((candidate) => candidate.id === investmentId);
  const shortId = investmentId.slice(0, 8);
  return note
    ? `${investmentTypeLabel(note.investment_type)} · ${ratePercent(note.interest_rate_annual)}% · ${shortId}`
    : shortId;
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
      <div className="table-wrap">
        <table className="table table-stack">
          <caption className="visually-hidden">Money owed</caption>
          <thead>
            <tr>
              <th scope="col">Owed</th>
              <th scope="col">Note</th>
              <th scope="col">Recorded</th>
              <th scope="col">Status</th>
              <th scope="col" className="numeric">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {amounts.map((owed) => (
              <tr key={owed.id}>
                <td className="stack-title">
                  <Badge tone={owed.direction === 'owed_by_investor' ? 'warning' : 'accent'}>
                    {owedDirectionLabels[owed.direction]}
                  </Badge>
                  <div className="owed-reason">{owed.reason}</div>
                </td>
                <td data-label="Note">{noteLabel(owed.investment_id, notes)}</td>
                <td data-label="Recorded" className="nowrap">
                  {formatLocalDateTime(owed.created_at)}
                </td>
                <td data-label="Status">
                  <Badge tone={owed.status === 'open' ? 'danger' : 'success'}>
                    {owedStatusLabels[owed.status]}
                  </Badge>
                </td>
                <td className="numeric" data-label="Amount">
                  {formatUsd(owed.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
