/**
 * /admin/payments (issue 15, decision 1521): every ACH payment with its investor, note,
 * amount, state, return code and reason; filters, server paging and CSV; the credits owed to
 * investors with Resend for operations and super_admin (support reads only).
 */
import { useEffect, useMemo, useState } from 'react';
import {
  type AdminOwedCredit,
  type AdminPayment,
  type AdminPaymentsFilters,
  adminPaymentsFilters,
  type PaymentStatus,
  paymentStatuses,
  paymentStatusLabels,
  paymentTypeLabels,
} from '../../../shared/admin/payment-contracts';
import { can } from '../../../shared/admin/permissions';
import { formatUsd } from '../../../shared/format/money-format';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import {
  Alert,
  Badge,
  type BadgeTone,
  EmptyState,
  ErrorState,
  LoadingState,
} from '../../components/ui/feedback';
import { useAdminSession } from '../../lib/admin-session';
import { formatCalendarDate, formatLocalDateTime } from '../../lib/format-date-time';
import { useDebounced } from '../../lib/use-debounced';
import {
  downloadPaymentsCsv,
  useOwedCredits,
  usePayments,
  useResendOwedCredit,
} from './api/admin-payment-queries';
import './admin-payments.css';

const statusTones: Record<PaymentStatus, BadgeTone> = {
  pending: 'neutral',
  posted: 'accent',
  settled: 'success',
  returned: 'danger',
  failed: 'danger',
  cancelled: 'warning',
};

function StatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={statusTones[status]}>{paymentStatusLabels[status]}</Badge>;
}

function InvestorCell({ name, email }: { name: string; email: string }) {
  return (
    <>
      <div className="payment-investor">{name}</div>
      {name !== email ? <div className="payment-subtle">{email}</div> : null}
    </>
  );
}

export function AdminPaymentsPage() {
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebounced(search, 300);

  const parsed = useMemo(
    () =>
      adminPaymentsFilters.safeParse({
        status: status || undefined,
        from: from || undefined,
        to: to || undefined,
        q: debouncedSearch.trim() || undefined,
      }),
    [status, from, to, debouncedSearch],
  );
  const filters: AdminPaymentsFilters = parsed.success ? parsed.data : {};
  const filterError = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the filters.');
  const list = usePayments(filters, page, parsed.success);
  const [exportState, setExportState] = useState<{ isBusy: boolean; error: string | null }>({
    isBusy: false,
    error: null,
  });

  useEffect(() => {
    document.title = 'Payments · Admin';
  }, []);

  const isFiltered = Boolean(status || from || to || debouncedSearch.trim());
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;
  const resetPage = () => setPage(1);

  const exportCsv = async () => {
    setExportState({ isBusy: true, error: null });
    try {
      await downloadPaymentsCsv(filters);
      setExportState({ isBusy: false, error: null });
    } catch (error) {
      setExportState({ isBusy: false, error: error instanceof Error ? error.message : 'The export failed.' });
    }
  };

  return (
    <div className="admin-payments">
      <div className="admin-page-header">
        <div>
          <h1>Payments</h1>
          <p>Every ACH debit and credit: what is on its way, what settled and what came back.</p>
        </div>
        <Button
          variant="secondary"
          onClick={exportCsv}
          isBusy={exportState.isBusy}
          disabled={!parsed.success}
        >
          Export CSV
        </Button>
      </div>
      {exportState.error ? <Alert tone="error">{exportState.error}</Alert> : null}

      <OwedCreditsPanel />

      <section className="admin-panel" aria-labelledby="payments-heading">
        <div className="admin-panel-header">
          <h2 id="payments-heading">All payments</h2>
        </div>
        <fieldset className="payment-filters">
          <legend className="visually-hidden">Filters</legend>
          <div className="field payment-filter-search">
            <label className="field-label" htmlFor="payment-filter-search">
              Investor
            </label>
            <input
              id="payment-filter-search"
              className="input"
              type="search"
              maxLength={100}
              placeholder="Name, e-mail or id"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                resetPage();
              }}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="payment-filter-status">
              Status
            </label>
            <select
              id="payment-filter-status"
              className="select"
              value={status}
              onChange={(event) => {
                setStatus(paymentStatuses.find((option) => option === event.target.value) ?? '');
                resetPage();
              }}
            >
              <option value="">All statuses</option>
              {paymentStatuses.map((option) => (
                <option key={option} value={option}>
                  {paymentStatusLabels[option]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="payment-filter-from">
              From
            </label>
            <input
              id="payment-filter-from"
              className="input"
              type="date"
              min="1900-01-01"
              max="2199-12-31"
              value={from}
              onChange={(event) => {
                setFrom(event.target.value);
                resetPage();
              }}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="payment-filter-to">
              To
            </label>
            <input
              id="payment-filter-to"
              className="input"
              type="date"
              min="1900-01-01"
              max="2199-12-31"
              value={to}
              onChange={(event) => {
                setTo(event.target.value);
                resetPage();
              }}
            />
          </div>
        </fieldset>
        {filterError ? (
          <div className="payment-filter-error">
            <Alert tone="error">{filterError}</Alert>
          </div>
        ) : null}

        {parsed.success && list.isPending ? <LoadingState /> : null}
        {list.isError ? <ErrorState message={list.error.message} /> : null}
        {list.data && list.data.payments.length === 0 ? (
          <EmptyState title={isFiltered ? 'No payments match these filters' : 'No payments yet'}>
            {isFiltered
              ? 'Clear a filter or widen the dates.'
              : 'Payments appear here when investors buy notes, receive interest or withdraw.'}
          </EmptyState>
        ) : null}
        {list.data && list.data.payments.length > 0 ? (
          <PaymentsTable payments={list.data.payments} isBusy={list.isFetching} />
        ) : null}
        {list.data && list.data.total > 0 ? (
          <div className="admin-pagination">
            <span>
              {list.data.total} {list.data.total === 1 ? 'payment' : 'payments'} · page {list.data.page} of{' '}
              {pages}
            </span>
            <div className="row">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </div>
          </div>
        ) : null}
      </section>
    </div>
  );
}

function PaymentsTable({ payments, isBusy }: { payments: AdminPayment[]; isBusy: boolean }) {
  return (
    <DataTable
      caption="Payments"
      className="payment-table"
      isBusy={isBusy}
      rows={payments}
      rowKey={(payment) => payment.id}
      columns={[
        {
          key: 'investor',
          label: 'Investor',
          isTitle: true,
          cell: (payment) => <InvestorCell name={payment.investor_name} email={payment.investor_email} />,
        },
        {
          key: 'created',
          label: 'Created',
          className: 'nowrap',
          cell: (payment) => formatLocalDateTime(payment.created_at),
        },
        {
          key: 'type',
          label: 'Type',
          cell: (payment) => (
            <>
              <div>{paymentTypeLabels[payment.payment_type]}</div>
              {payment.note_label ? <div className="payment-subtle">{payment.note_label}</div> : null}
            </>
          ),
        },
        { key: 'amount', label: 'Amount', isNumeric: true, cell: (payment) => formatUsd(payment.amount) },
        { key: 'status', label: 'Status', cell: (payment) => <StatusBadge status={payment.status} /> },
        {
          key: 'effective',
          label: 'Effective',
          className: 'nowrap',
          cell: (payment) => formatCalendarDate(payment.effective_date),
        },
        {
          key: 'return',
          label: 'Return / reason',
          className: 'payment-reason-cell',
          cell: (payment) =>
            payment.return_code || payment.reason ? (
              <>
                {payment.return_code ? (
                  <span className="mono payment-code">{payment.return_code}</span>
                ) : null}
                {payment.reason ? <span className="payment-reason">{payment.reason}</span> : null}
              </>
            ) : (
              <span className="muted">—</span>
            ),
        },
      ]}
    />
  );
}

function OwedCreditsPanel() {
  const { admin } = useAdminSession();
  const mayResend = can(admin?.role, 'payments:manage');
  const owed = useOwedCredits();
  const resend = useResendOwedCredit();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onResend = (credit: AdminOwedCredit) => {
    setResult(null);
    resend.mutate(credit.id, {
      onSuccess: (sent) =>
        setResult({
          tone: sent.status === 'failed' ? 'error' : 'success',
          text:
            sent.status === 'failed'
              ? `The bank refused the new credit of ${formatUsd(sent.amount)} to ${credit.investor_name}; it stays owed.`
              : `A new credit of ${formatUsd(sent.amount)} to ${credit.investor_name} is on its way.`,
        }),
      onError: (error) => setResult({ tone: 'error', text: error.message }),
    });
  };

  return (
    <section className="admin-panel" aria-labelledby="owed-credits-heading">
      <div className="admin-panel-header">
        <h2 id="owed-credits-heading">Owed to investors</h2>
        {owed.data ? (
          <span className="muted">
            {owed.data.owed_credits.length} open
            {mayResend ? '' : ' · your role can read them only'}
          </span>
        ) : null}
      </div>
      {result ? (
        <div className="payment-filter-error">
          <Alert tone={result.tone}>{result.text}</Alert>
        </div>
      ) : null}
      {owed.isPending ? <LoadingState /> : null}
      {owed.isError ? <ErrorState message={owed.error.message} /> : null}
      {owed.data && owed.data.owed_credits.length === 0 ? (
        <EmptyState title="Nothing is owed to investors">
          A returned or failed interest or withdrawal credit appears here until it is paid again.
        </EmptyState>
      ) : null}
      {owed.data && owed.data.owed_credits.length > 0 ? (
        <DataTable
          caption="Credits owed to investors"
          className="owed-credit-table"
          rows={owed.data.owed_credits}
          rowKey={(credit) => credit.id}
          columns={[
            {
              key: 'investor',
              label: 'Investor',
              isTitle: true,
              cell: (credit) => <InvestorCell name={credit.investor_name} email={credit.investor_email} />,
            },
            {
              key: 'since',
              label: 'Owed since',
              className: 'nowrap',
              cell: (credit) => formatLocalDateTime(credit.created_at),
            },
            {
              key: 'type',
              label: 'Credit',
              cell: (credit) => (credit.payment_type ? paymentTypeLabels[credit.payment_type] : 'Credit'),
            },
            { key: 'amount', label: 'Amount', isNumeric: true, cell: (credit) => formatUsd(credit.amount) },
            {
              key: 'reason',
              label: 'Why',
              className: 'payment-reason-cell',
              cell: (credit) => (
                <>
                  {credit.return_code ? (
                    <span className="mono payment-code">{credit.return_code}</span>
                  ) : null}
                  <span className="payment-reason">{credit.reason}</span>
                </>
              ),
            },
            {
              key: 'action',
              label: 'Action',
              isLabelHidden: true,
              className: 'payment-action-cell',
              cell: (credit) =>
                credit.is_in_flight ? (
                  <Badge tone="accent">Re-payment on its way</Badge>
                ) : mayResend ? (
                  <Button
                    size="sm"
                    isBusy={resend.isPending && resend.variables === credit.id}
                    disabled={resend.isPending}
                    onClick={() => onResend(credit)}
                  >
                    Resend
                  </Button>
                ) : null,
            },
          ]}
        />
      ) : null}
    </section>
  );
}
