import { INVESTOR_DETAIL_TRANSACTIONS_SHOWN } from '../../../../shared/admin/dashboard-rules';
import { humanizeCode, investorDisplayName } from '../../../../shared/admin/display';
import { formatUsd } from '../../../../shared/format/money-format';
import { shortId } from '../../../../shared/portal/transaction-display';
import { investmentTypeLabel, ratePercent } from '../../../../shared/products/plans';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { DataTable } from '../../../components/ui/data-table';
import { Modal } from '../../../components/ui/modal';
import { formatCalendarDate, formatLocalDateTime } from '../../../lib/format-date-time';
import { useInvestorDetail } from '../api/admin-dashboard-queries';
import { AmountsOwedTable } from './amounts-owed-table';
import { InvestorAccountPanel } from './investor-account-panel';
import { IdentityPanel } from './identity-panel';
import { InvestorProfilePanel } from './investor-profile-panel';
import { TransactionTable } from './transaction-table';

/** Profile, notes and the newest transactions of one investor (10 loaded, 5 shown: admin spec 9). */
export function InvestorDetailModal({ investorId, onClose }: { investorId: string; onClose(): void }) {
  const detail = useInvestorDetail(investorId);
  const title = detail.data ? investorDisplayName(detail.data.investor) : 'Investor';
  return (
    <Modal
      title={title}
      onClose={onClose}
      wide
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {detail.isPending ? <LoadingState /> : null}
      {detail.isError ? <ErrorState message={detail.error.message} /> : null}
      {detail.data ? <InvestorDetailBody detail={detail.data} /> : null}
    </Modal>
  );
}

function InvestorDetailBody({
  detail,
}: {
  detail: NonNullable<ReturnType<typeof useInvestorDetail>['data']>;
}) {
  const { investor, notes, transactions, amounts_owed: amountsOwed } = detail;
  const shown = transactions.slice(0, INVESTOR_DETAIL_TRANSACTIONS_SHOWN);
  return (
    <div className="investor-detail">
      <dl className="detail-grid">
        <div>
          <dt>Email</dt>
          <dd>{investor.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{investor.phone ?? 'Not verified yet'}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{formatLocalDateTime(investor.created_at)}</dd>
        </div>
        {/* Status (with its reason and history) and bank accounts are in the Account section below: each fact once. */}
        <div>
          <dt>Investor id</dt>
          <dd className="mono detail-id">{investor.id}</dd>
        </div>
      </dl>

      <IdentityPanel investorId={investor.id} identity={detail.identity} />
      <InvestorAccountPanel investorId={investor.id} notes={notes} />
      <InvestorProfilePanel investorId={investor.id} />

      <AmountsOwedTable amounts={amountsOwed} notes={notes} />

      <h3 className="detail-heading">Notes</h3>
      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <DataTable
          caption="Notes"
          rows={notes}
          rowKey={(note) => note.id}
          columns={[
            {
              key: 'plan',
              label: 'Plan',
              isTitle: true,
              cell: (note) =>
                // The short id is how a transaction row names its note (a conversion's two sides).
                `${investmentTypeLabel(note.investment_type)} · ${note.term_years} yr · ${ratePercent(note.interest_rate_annual)}% · ${shortId(note.id)}`,
            },
            {
              key: 'started',
              label: 'Started',
              className: 'nowrap',
              cell: (note) => formatCalendarDate(note.start_date),
            },
            { key: 'status', label: 'Status', cell: (note) => humanizeCode(note.status) },
            {
              key: 'principal',
              label: 'Principal',
              isNumeric: true,
              cell: (note) => formatUsd(note.principal_amount),
            },
            { key: 'value', label: 'Value', isNumeric: true, cell: (note) => formatUsd(note.value) },
            {
              key: 'accruing',
              label: 'Accruing',
              isNumeric: true,
              cell: (note) => formatUsd(note.interest_accrued),
            },
          ]}
        />
      )}

      <h3 className="detail-heading">Recent transactions</h3>
      {shown.length === 0 ? (
        <EmptyState title="No transactions yet" />
      ) : (
        <>
          <TransactionTable transactions={shown} showInvestor={false} caption="Recent transactions" />
          <p className="field-hint detail-footnote">
            Showing the {shown.length} most recent of {transactions.length} loaded.
          </p>
        </>
      )}
    </div>
  );
}
