/**
 * /notes/:investmentId (issue 17 items 1 and 4): one note, its value and income, its maturity
 * instruction (changeable until maturity; a rollover can be undone within 10 days) and "the
 * math": every interest posting worked out, and for a High-Yield note the periods to come.
 */
import '../portal.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { Alert, Badge, EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { formatLongDate, formatMonthYear } from '../../../../shared/format/long-date';
import type { IsoDate } from '../../../../shared/dates/calendar-date';
import { formatUsd } from '../../../../shared/format/money-format';
import { addMoney, centsToMoney, roundDecimalToCents } from '../../../../shared/money/decimal-string';
import {
  type MaturityInstruction,
  maturityInstructionLabel,
  maturityInstructionMessages,
} from '../../../../shared/investments/maturity-instruction-rules';
import type {
  InterestPostingRow,
  NoteDetailResponse,
} from '../../../../shared/investments/note-detail-contracts';
import { investmentTypeLabel, ratePercent } from '../../../../shared/products/plans';
import {
  fetchNote,
  portalKeys,
  saveInterestReinvestment,
  saveMaturityInstruction,
  undoRollover,
} from '../api/portal-api';
import {
  interestReinvestmentMessages,
  reinvestmentStatusLine,
} from '../../../../shared/investments/interest-reinvestment';
import { EarlyRedemptionCard } from '../components/early-redemption-card';
import { MaturityInstructionFields } from '../components/maturity-instruction-fields';
import { usePageTitle } from '../hooks/use-page-title';

const statusLabels: Record<NoteDetailResponse['status'], string> = {
  active: 'Active',
  matured: 'Matured',
  withdrawn: 'Closed',
  cancelled: 'Cancelled',
};

/** Ten-place dollars, unsigned ("$0.0001369864"): the exact figures, for the expandable detail. */
function exactUsd(value: string): string {
  return `$${value.replace(/^-/, '')}`;
}

/** An exact amount in cents, as investors read it; a sliver under half a cent is said in words. */
function centsUsd(exact: string): string {
  const cents = roundDecimalToCents(exact);
  if (cents === 0n && /[1-9]/.test(exact)) return 'Less than $0.01';
  return formatUsd(centsToMoney(cents));
}

/** The rounding carried by a posting, in words: a rounded-up month is taken from the next one. */
function carriedInWords(carried: string): string {
  if (!/[1-9]/.test(carried)) return 'None';
  return carried.startsWith('-')
    ? `Rounded up by ${exactUsd(carried)}, taken from the next month`
    : `${exactUsd(carried)} carried to the next month`;
}

function destinationOf(row: InterestPostingRow): string {
  return row.credited ? 'Added to your note' : 'Paid to your bank';
}

/** How the note earns, in the words that fit it (decision 1740: a reinvesting note compounds). */
function rateInWords(note: NoteDetailResponse): string {
  const rate = `${ratePercent(note.interest_rate_annual)}% a year`;
  if (note.investment_type === 'high_yield') return `${rate}, simple, added to the note monthly`;
  return note.interest_reinvestment?.reinvests_this_month
    ? `${rate}, compounding monthly`
    : `${rate}, simple, paid monthly to your bank`;
}

/** Where the income went: paid to the bank, added to the note, or both. */
function incomeInWords(note: NoteDetailResponse): string {
  if (note.investment_type === 'high_yield') return `${formatUsd(note.income_to_date)} added to the note`;
  const posted = note.postings.filter((row) => row.posted_amount !== null);
  const sum = (rows: InterestPostingRow[]) =>
    addMoney('0.00', ...rows.map((row) => row.posted_amount ?? '0.00'));
  const added = sum(posted.filter((row) => row.credited));
  const paid = sum(posted.filter((row) => !row.credited));
  const parts = [
    paid !== '0.00' ? `${formatUsd(paid)} paid to your bank` : null,
    added !== '0.00' ? `${formatUsd(added)} added to your note` : null,
  ].filter(Boolean);
  if (parts.length > 0) return parts.join(', ');
  const nextGoesTo = note.interest_reinvestment?.reinvests_this_month
    ? 'added to your note'
    : 'paid to your bank';
  return `${formatUsd(note.income_to_date)} so far: interest is ${nextGoesTo} after each month ends`;
}

const periodColumn: DataTableColumn<InterestPostingRow> = {
  key: 'period',
  label: 'Period',
  isTitle: true,
  cell: (row) => formatMonthYear(row.period as IsoDate),
};

function PostingTable({
  caption,
  rows,
  isProjection,
}: {
  caption: string;
  rows: InterestPostingRow[];
  isProjection?: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      className="math-table"
      rows={rows}
      rowKey={(row) => row.period}
      columns={[
        periodColumn,
        {
          key: 'days',
          label: 'Days',
          isNumeric: true,
          cell: (row) => `${row.days} (${formatLongDate(row.from)} – ${formatLongDate(row.through)})`,
        },
        { key: 'principal', label: 'Principal', isNumeric: true, cell: (row) => formatUsd(row.principal) },
        {
          key: 'rate',
          label: 'Rate',
          isNumeric: true,
          cell: (row) => `${ratePercent(row.interest_rate_annual)}%`,
        },
        {
          key: 'posted',
          label: isProjection ? 'To be posted' : 'Posted',
          isNumeric: true,
          cell: (row) =>
            isProjection
              ? formatUsd(row.amount)
              : row.posted_amount === null
                ? '$0.00 (rounds to nothing)'
                : formatUsd(row.posted_amount),
        },
        { key: 'destination', label: isProjection ? 'Goes to' : 'Went to', cell: destinationOf },
      ]}
    />
  );
}

/** The ten-place figures behind a table's cents: the exact accrual and the rounding carried. */
function ExactTable({ caption, rows }: { caption: string; rows: InterestPostingRow[] }) {
  return (
    <DataTable
      caption={caption}
      className="math-table"
      rows={rows}
      rowKey={(row) => row.period}
      columns={[
        periodColumn,
        { key: 'exact', label: 'Exact accrual', isNumeric: true, cell: (row) => exactUsd(row.exact_accrual) },
        {
          key: 'posted',
          label: 'In cents',
          isNumeric: true,
          cell: (row) => formatUsd(row.posted_amount ?? row.amount),
        },
        { key: 'carried', label: 'Rounding', cell: (row) => carriedInWords(row.carried) },
      ]}
    />
  );
}

function ExactFigures({ note }: { note: NoteDetailResponse }) {
  return (
    <details className="exact-figures">
      <summary>Exact figures</summary>
      <p className="muted">
        The engine keeps interest to ten decimal places. Each posting is rounded to the cent; what the
        rounding leaves out is carried to the next month, and a month rounded up takes that much from the next
        one, so the total posted is always the exact interest to date rounded to the cent.
      </p>
      <p>
        Accruing since the last posting: <strong>{exactUsd(note.interest_accrued)}</strong>
      </p>
      {note.postings.length > 0 ? (
        <ExactTable caption="Exact figures of the interest postings" rows={note.postings} />
      ) : null}
      {note.projected_postings.length > 0 ? (
        <>
          <h3 className="math-subheading">Still to come</h3>
          <ExactTable caption="Exact figures of the postings to come" rows={note.projected_postings} />
        </>
      ) : null}
    </details>
  );
}

function InstructionCard({ note }: { note: NoteDetailResponse }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<MaturityInstruction | null>(null);
  const current = note.maturity_instruction;
  const value = draft ?? current ?? { kind: 'pay_out' };
  const save = useMutation({
    mutationFn: (instruction: MaturityInstruction) => saveMaturityInstruction(note.id, instruction),
    onSuccess: (updated) => {
      queryClient.setQueryData(portalKeys.note(note.id), updated);
      setDraft(null);
    },
  });
  const undo = useMutation({
    mutationFn: () => undoRollover(note.id),
    onSuccess: (updated) => {
      queryClient.setQueryData(portalKeys.note(note.id), updated);
      void queryClient.invalidateQueries({ queryKey: portalKeys.all });
    },
  });
  const isChanged = draft !== null && JSON.stringify(draft) !== JSON.stringify(current);
  return (
    <section className="card" aria-labelledby="instruction-heading">
      <h2 id="instruction-heading" className="card-title">
        At maturity
      </h2>
      {note.can_change_instruction ? (
        <>
          <p className="muted">
            This note matures on {formatLongDate(note.maturity_date)}. You can change what happens then until
            that day.
          </p>
          <MaturityInstructionFields
            value={value}
            terms={note.rollover_terms}
            onChange={(next) => {
              save.reset();
              setDraft(next);
            }}
            disabled={save.isPending}
          />
          <div className="row instruction-actions">
            <Button onClick={() => save.mutate(value)} isBusy={save.isPending} disabled={!isChanged}>
              SAVE INSTRUCTION
            </Button>
          </div>
          {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
          {save.isSuccess ? <Alert tone="success">{maturityInstructionMessages.saved}</Alert> : null}
        </>
      ) : (
        <p>{current ? maturityInstructionLabel(current) : 'This note has no maturity instruction.'}</p>
      )}
      {note.origin === 'rollover' && note.undo_until ? (
        <div className="undo-rollover">
          <p className="muted">
            This note was rolled over from note {note.source_reference} on {formatLongDate(note.start_date)}.
            {note.can_undo_rollover
              ? ` Changed your mind? Until ${formatLongDate(note.undo_until)} you can undo it: the note is paid out to your bank account with the interest it has earned, so no day is lost.`
              : ''}
          </p>
          {note.can_undo_rollover ? (
            <Button variant="secondary" onClick={() => undo.mutate()} isBusy={undo.isPending}>
              UNDO ROLLOVER
            </Button>
          ) : null}
          {undo.isError ? <Alert tone="error">{undo.error.message}</Alert> : null}
          {undo.isSuccess ? <Alert tone="success">{maturityInstructionMessages.undone}</Alert> : null}
        </div>
      ) : null}
    </section>
  );
}

function ReinvestmentCard({ note }: { note: NoteDetailResponse }) {
  const queryClient = useQueryClient();
  const reinvestment = note.interest_reinvestment;
  const save = useMutation({
    mutationFn: (reinvest: boolean) => saveInterestReinvestment(note.id, reinvest),
    onSuccess: (updated) => {
      queryClient.setQueryData(portalKeys.note(note.id), updated);
      void queryClient.invalidateQueries({ queryKey: portalKeys.overview });
    },
  });
  if (!reinvestment) return null;
  const status = {
    reinvestsThisMonth: reinvestment.reinvests_this_month,
    chosen: reinvestment.chosen,
    changesFrom: reinvestment.changes_from,
  };
  return (
    <section className="card" aria-labelledby="reinvestment-heading">
      <h2 id="reinvestment-heading" className="card-title">
        Monthly interest{' '}
        {reinvestment.reinvests_this_month ? <Badge tone="success">Reinvests interest</Badge> : null}
      </h2>
      <p data-testid="reinvestment-status">{reinvestmentStatusLine(status)}</p>
      {note.can_change_reinvestment ? (
        <>
          <p className="muted">
            Reinvested interest is added to this note at the end of each month and earns interest from the
            next month, so it compounds. A change applies from{' '}
            {formatMonthYear(reinvestment.next_switch_from)}: this month’s interest goes where it is set to go
            today.
          </p>
          <div className="row instruction-actions">
            <Button
              variant={reinvestment.chosen ? 'secondary' : 'primary'}
              onClick={() => {
                save.reset();
                save.mutate(!reinvestment.chosen);
              }}
              isBusy={save.isPending}
            >
              {reinvestment.chosen ? 'PAY INTEREST TO MY BANK INSTEAD' : 'REINVEST MY INTEREST'}
            </Button>
          </div>
          {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
          {save.isSuccess ? (
            <Alert tone="success">
              {save.variables ? interestReinvestmentMessages.savedOn : interestReinvestmentMessages.savedOff}
            </Alert>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

export function NotePage() {
  const { investmentId = '' } = useParams();
  usePageTitle('Note');
  const query = useQuery({ queryKey: portalKeys.note(investmentId), queryFn: () => fetchNote(investmentId) });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState message={query.error.message} />;
  const note = query.data;
  const isHighYield = note.investment_type === 'high_yield';
  return (
    <div className="portal-page note-page">
      <header className="page-head">
        <p className="eyebrow">
          <Link to="/transaction-summary">Investments</Link> / Note {note.reference}
        </p>
        <h1>
          {investmentTypeLabel(note.investment_type)} note {note.reference}{' '}
          <Badge tone={note.status === 'active' ? 'success' : 'neutral'}>{statusLabels[note.status]}</Badge>
        </h1>
      </header>
      <section className="card" aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="card-title">
          Summary
        </h2>
        <dl className="note-facts">
          <div>
            <dt>Principal</dt>
            <dd>{formatUsd(note.principal_amount)}</dd>
          </div>
          <div>
            <dt>Rate</dt>
            <dd>{rateInWords(note)}</dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>{formatLongDate(note.start_date)}</dd>
          </div>
          <div>
            <dt>{isHighYield ? 'Matures on' : 'Lock-up ends'}</dt>
            <dd>{formatLongDate(note.maturity_date)}</dd>
          </div>
          <div>
            <dt>Value now</dt>
            <dd>{formatUsd(note.value)}</dd>
          </div>
          <div>
            <dt>Income to date</dt>
            <dd>{incomeInWords(note)}</dd>
          </div>
          <div>
            <dt>Accruing, not yet posted</dt>
            <dd>{centsUsd(note.interest_accrued)}</dd>
          </div>
          {note.projected_value_at_maturity ? (
            <div>
              <dt>Projected value at maturity</dt>
              <dd>{formatUsd(note.projected_value_at_maturity)}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      {isHighYield ? <InstructionCard note={note} /> : <ReinvestmentCard note={note} />}
      {note.status === 'cancelled' ? null : (
        <EarlyRedemptionCard
          investmentId={note.id}
          isHighYield={isHighYield}
          isActive={note.status === 'active'}
        />
      )}
      <section className="card" aria-labelledby="math-heading">
        <h2 id="math-heading" className="card-title">
          Show the math
        </h2>
        <p className="muted">
          Each day earns principal × rate ÷ 365. A month’s posting is the exact interest to its end rounded to
          the cent, less everything posted before, so the fraction of a cent is carried, never lost.
        </p>
        {note.postings.length === 0 ? (
          <EmptyState title="No interest posted yet">
            The first posting comes after the first month ends.
          </EmptyState>
        ) : (
          <PostingTable caption="Interest postings" rows={note.postings} />
        )}
        {note.projected_postings.length > 0 ? (
          <>
            <h3 className="math-subheading">Still to come</h3>
            <PostingTable
              caption={isHighYield ? 'Projected postings to maturity' : 'Projected postings, next 12 months'}
              rows={note.projected_postings}
              isProjection
            />
          </>
        ) : null}
        <ExactFigures note={note} />
      </section>
    </div>
  );
}
