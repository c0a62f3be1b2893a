/** The overview's investments panel: High-Yield and Standard totals, the notes, and 'Add an Investment'. */
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/feedback';
import { formatLongDate, formatMonthYear } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import type { MaturityInstruction } from '../../../../shared/investments/maturity-instruction-rules';
import type { NoteSummary, OverviewResponse } from '../../../../shared/portal/portal-contracts';
import { investmentTypeLabel, ratePercent } from '../../../../shared/products/plans';

/** A High-Yield note's maturity instruction in a few words (decision 1700). */
function atMaturity(instruction: MaturityInstruction): string {
  return instruction.kind === 'pay_out'
    ? 'At maturity: paid out to your bank account'
    : `At maturity: rolls over into a new ${instruction.term_years}-year note`;
}

function showsInstruction(
  note: NoteSummary,
): note is NoteSummary & { maturity_instruction: MaturityInstruction } {
  return note.status === 'active' && note.maturity_instruction !== null;
}

export function InvestmentsPanel({ overview }: { overview: OverviewResponse }) {
  const { balance, notes, note_count: noteCount } = overview;
  return (
    <section className="card investments-panel" aria-labelledby="investments-heading">
      <div className="panel-head">
        <h2 id="investments-heading" className="card-title">
          Investments
        </h2>
        <ButtonLink to="/buy-investments" size="sm">
          Add an Investment
        </ButtonLink>
      </div>
      <div className="plan-totals">
        <div className="plan-total">
          <span className="plan-total-label">High Yield</span>
          <span className="plan-total-value">{formatUsd(balance.high_yield_total)}</span>
        </div>
        <div className="plan-total">
          <span className="plan-total-label">Standard</span>
          <span className="plan-total-value">{formatUsd(balance.standard_total)}</span>
        </div>
      </div>
      {overview.standard_monthly_interest ? (
        <p className="muted standard-income" data-testid="standard-monthly-interest">
          Standard interest for {formatMonthYear(overview.standard_monthly_interest.period)}:{' '}
          {formatUsd(overview.standard_monthly_interest.paid_to_bank)} paid to your bank
          {overview.standard_monthly_interest.reinvested !== '0.00'
            ? `, ${formatUsd(overview.standard_monthly_interest.reinvested)} reinvested in your notes`
            : ''}
          .
        </p>
      ) : null}
      {notes.length === 0 ? (
        <p className="muted">You have no investments yet. Add your first to start earning.</p>
      ) : (
        <ul className="note-list">
          {notes.map((note) => (
            <li key={note.id} className="note-row">
              <div>
                <p className="note-title">
                  <Link to={`/notes/${note.id}`} className="note-link">
                    {investmentTypeLabel(note.investment_type)} · {ratePercent(note.interest_rate_annual)}%
                  </Link>
                  {note.status === 'matured' ? <Badge tone="accent">Matured</Badge> : null}
                  {note.reinvests_interest ? <Badge tone="success">Reinvests interest</Badge> : null}
                </p>
                <p className="note-meta">
                  {formatUsd(note.principal_amount)} since {formatLongDate(note.start_date)} ·{' '}
                  {note.investment_type === 'standard' ? 'lock-up ends' : 'matures'}{' '}
                  {formatLongDate(note.maturity_date)}
                </p>
                {showsInstruction(note) ? (
                  <p className="note-meta" data-testid="maturity-instruction">
                    {atMaturity(note.maturity_instruction)}
                  </p>
                ) : null}
                {note.reinvestment_changes_from ? (
                  <p className="note-meta">
                    {note.reinvests_interest ? 'Interest paid to your bank' : 'Reinvests interest'} from{' '}
                    {formatMonthYear(note.reinvestment_changes_from)}
                  </p>
                ) : null}
              </div>
              <span className="note-value">{formatUsd(note.value)}</span>
            </li>
          ))}
        </ul>
      )}
      {noteCount > notes.length ? (
        <Link to="/transaction-summary?view=investments" className="panel-more">
          See all {noteCount} investments
        </Link>
      ) : null}
    </section>
  );
}
