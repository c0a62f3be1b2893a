/**
 * /admin/liquidity (issue 27 section 1, PRODUCT.md 45): what the platform owes over the next 24
 * months and 13 weeks, line by line, against the cash staff recorded; coverage per period and
 * the first period it falls below 1; a chart and the CSV; cash positions (four-eyes above the
 * threshold) and their CSV import; the liquidity settings; and the daily checks with the alert
 * to acknowledge. Support reads; operations and super_admin act. Its second section is the
 * early redemption queue (issue 27 section 3): requests first come first served, the pause of new
 * requests; `/admin/early-redemptions` leads there.
 */
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { can } from '../../../shared/admin/permissions';
import { formatUsd } from '../../../shared/format/money-format';
import {
  accountKindLabels,
  accountKinds,
  type AccountKind,
  type CashPosition,
  type CoverageCheck,
  type ForecastTable,
  type LiquidityOverviewResponse,
} from '../../../shared/liquidity/liquidity-contracts';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Alert, Badge, EmptyState, ErrorState, LoadingState } from '../../components/ui/feedback';
import { SelectField, TextField } from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { Tabs } from '../../components/ui/tabs';
import { useAdminSession } from '../../lib/admin-session';
import { useSearchParams } from 'react-router';
import { EarlyRedemptionQueue, RedemptionGatePanel } from './early-redemption-queue';
import './early-redemptions.css';
import { formatLocalDateTime } from '../../lib/format-date-time';
import {
  downloadForecastCsv,
  useAcknowledge,
  useDecideCash,
  useImportCash,
  useLiquidity,
  useRecordCash,
  useSaveSettings,
} from './api/liquidity-queries';
import { CoverageChart } from './coverage-chart';
import './admin-liquidity.css';

type View = 'months' | 'weeks';
type Section = 'forecast' | 'redemptions';

export function AdminLiquidityPage() {
  const { admin } = useAdminSession();
  const mayManage = can(admin?.role, 'liquidity:manage');
  const overview = useLiquidity();
  const [view, setView] = useState<View>('months');
  const [params, setParams] = useSearchParams();
  const section: Section = params.get('section') === 'redemptions' ? 'redemptions' : 'forecast';
  useEffect(() => {
    document.title =
      section === 'redemptions' ? 'Early redemptions · Liquidity · Admin' : 'Liquidity · Admin';
  }, [section]);
  const data = overview.data;
  return (
    <div className="admin-liquidity">
      <div className="admin-page-header">
        <div>
          <h1>Liquidity</h1>
          <p>
            What the platform owes, period by period, against the cash recorded. Exact to the cent from the
            ledger.
          </p>
        </div>
      </div>
      <Tabs<Section>
        label="Liquidity sections"
        items={[
          { value: 'forecast', label: 'Forecast and cash' },
          { value: 'redemptions', label: 'Early redemptions' },
        ]}
        value={section}
        onChange={(next) => setParams(next === 'redemptions' ? { section: next } : {}, { replace: true })}
      />
      {section === 'redemptions' ? (
        <div className="admin-redemptions">
          <p className="muted">
            Requests to redeem a note before its term ends, first come first served. The penalty is 90 days’
            interest on the amount redeemed (agreement section 7); approved requests not yet paid are a line
            of the forecast.
          </p>
          <RedemptionGatePanel />
          <EarlyRedemptionQueue />
        </div>
      ) : null}
      {section === 'forecast' && overview.isPending ? (
        <LoadingState text="Working out the forecast..." />
      ) : null}
      {section === 'forecast' && overview.isError ? <ErrorState message={overview.error.message} /> : null}
      {section === 'forecast' && data ? (
        <>
          <OpenAlert checks={data.checks} mayManage={mayManage} />
          <Summary data={data} />
          <section className="admin-panel liquidity-forecast" aria-labelledby="forecast-heading">
            <div className="liquidity-panel-head">
              <h2 id="forecast-heading" className="liquidity-heading">
                Forecast
              </h2>
              <Tabs<View>
                label="Forecast periods"
                items={[
                  { value: 'months', label: '24 months' },
                  { value: 'weeks', label: '13 weeks' },
                ]}
                value={view}
                onChange={setView}
              />
              <CsvButton view={view} today={data.as_of} />
            </div>
            <CoverageChart table={data[view]} cash={data.cash.total} />
            <ForecastDataTable table={data[view]} />
            <Explanation table={data[view]} rolloverRate={data.settings.rollover_rate} />
          </section>
          <CashPositions data={data} mayManage={mayManage} />
          {mayManage ? <SettingsPanel data={data} /> : null}
          <ChecksPanel checks={data.checks} />
        </>
      ) : null}
    </div>
  );
}

function Summary({ data }: { data: LiquidityOverviewResponse }) {
  const months = data.months;
  const firstShort = months.periods.find((period) => period.start === months.first_short_period);
  const twelveMonths = months.obligations
    .slice(0, 12)
    .reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), 0n);
  return (
    <section className="admin-panel liquidity-summary" aria-label="Summary">
      <dl className="liquidity-figures">
        <div>
          <dt>Cash recorded</dt>
          <dd>{formatUsd(data.cash.total)}</dd>
          <dd className="field-hint">
            {data.cash.oldest_as_of
              ? `${data.cash.accounts.length} accounts; oldest balance ${data.cash.oldest_as_of}`
              : 'No balance recorded yet'}
          </dd>
        </div>
        <div>
          <dt>Owed in the next 12 months</dt>
          <dd>{formatUsd(`${twelveMonths / 100n}.${(twelveMonths % 100n).toString().padStart(2, '0')}`)}</dd>
          <dd className="field-hint">Less what is expected to roll over</dd>
        </div>
        <div>
          <dt>Coverage this month</dt>
          <dd>{months.coverage[0] ?? 'Nothing owed'}</dd>
          <dd className="field-hint">Cash and inflows over obligations</dd>
        </div>
        <div>
          <dt>First period below 1</dt>
          <dd className={firstShort ? 'liquidity-short' : undefined}>
            {firstShort ? firstShort.label : 'None in 24 months'}
          </dd>
          <dd className="field-hint">Alert threshold for 90 days: {data.threshold}</dd>
        </div>
      </dl>
    </section>
  );
}

function CsvButton({ view, today }: { view: View; today: string }) {
  const [isBusy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="liquidity-csv">
      <Button
        size="sm"
        variant="secondary"
        isBusy={isBusy}
        onClick={async () => {
          setBusy(true);
          setProblem(await downloadForecastCsv(view, today));
          setBusy(false);
        }}
      >
        Download CSV
      </Button>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </div>
  );
}

interface PeriodRow {
  index: number;
  label: string;
  range: string;
}

function ForecastDataTable({ table }: { table: ForecastTable }) {
  const rows: PeriodRow[] = table.periods.map((period, index) => ({
    index,
    label: period.label,
    range: `${period.start} – ${period.end}`,
  }));
  return (
    <DataTable
      caption="Obligations, inflows and coverage by period"
      className="liquidity-table"
      isWide
      rows={rows}
      rowKey={(row) => String(row.index)}
      columns={[
        {
          key: 'period',
          label: 'Period',
          isTitle: true,
          className: 'liquidity-period',
          cell: (row) => <span title={row.range}>{row.label}</span>,
        },
        ...table.lines.map((line) => ({
          key: line.key,
          label: line.kind === 'offset' ? `${line.label} (less)` : line.label,
          isNumeric: true,
          cell: (row: PeriodRow) => formatUsd(line.amounts[row.index] ?? '0.00'),
        })),
        {
          key: 'obligations',
          label: 'Owed, net',
          isNumeric: true,
          cell: (row) => <strong>{formatUsd(table.obligations[row.index] ?? '0.00')}</strong>,
        },
        {
          key: 'cash_after',
          label: 'Cash after',
          isNumeric: true,
          cell: (row) => formatUsd(table.cash_after[row.index] ?? '0.00'),
        },
        {
          key: 'coverage',
          label: 'Coverage',
          isNumeric: true,
          cell: (row) => {
            const ratio = table.coverage[row.index];
            if (ratio === null || ratio === undefined) return '—';
            return Number(ratio) < 1 ? <Badge tone="danger">{ratio}</Badge> : ratio;
          },
        },
      ]}
    />
  );
}

function Explanation({ table, rolloverRate }: { table: ForecastTable; rolloverRate: string }) {
  return (
    <details className="liquidity-explain">
      <summary>How each line is worked out</summary>
      <dl>
        {table.lines.map((line) => (
          <div key={line.key}>
            <dt>{line.label}</dt>
            <dd>{line.description}</dd>
          </div>
        ))}
        <div>
          <dt>Coverage</dt>
          <dd>
            Cumulative: the cash recorded plus the inflows known up to the period’s end, over everything owed
            up to its end (less expected rollovers). Notes without a maturity choice are expected to roll over
            at {rolloverRate}.
          </dd>
        </div>
      </dl>
    </details>
  );
}

function OpenAlert({ checks, mayManage }: { checks: CoverageCheck[]; mayManage: boolean }) {
  const open = checks.find((check) => check.is_below && check.acknowledged_at === null);
  const acknowledge = useAcknowledge();
  const [note, setNote] = useState('');
  if (!open) return null;
  return (
    <section className="admin-panel liquidity-alert" aria-label="Coverage alert">
      <Alert tone="warning">
        The check of {open.checked_on} found coverage of {open.coverage ?? '0'} over the next 90 days, below{' '}
        {open.threshold}. Operations staff were e-mailed ({open.staff_emailed}).
      </Alert>
      {mayManage ? (
        <form
          className="liquidity-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            acknowledge.mutate({ id: open.id, note });
          }}
        >
          <TextField
            label="Note (optional)"
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button type="submit" isBusy={acknowledge.isPending}>
            Acknowledge alert
          </Button>
        </form>
      ) : (
        <p className="field-hint">An operations or super admin acknowledges it.</p>
      )}
      {acknowledge.isError ? <Alert tone="error">{acknowledge.error.message}</Alert> : null}
    </section>
  );
}

function CashPositions({ data, mayManage }: { data: LiquidityOverviewResponse; mayManage: boolean }) {
  return (
    <section className="admin-panel" aria-labelledby="cash-heading">
      <h2 id="cash-heading" className="liquidity-heading">
        Cash positions
      </h2>
      {data.cash.accounts.length > 0 ? (
        <ul className="liquidity-accounts">
          {data.cash.accounts.map((account) => (
            <li key={account.account_name}>
              <span>
                {account.account_name} <Badge>{accountKindLabels[account.account_kind]}</Badge>
              </span>
              <span className="liquidity-account-figure">
                {formatUsd(account.balance)} <span className="field-hint">on {account.as_of}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {mayManage ? <RecordCashForm fourEyesAbove={data.four_eyes_above} today={data.as_of} /> : null}
      {data.positions.length === 0 ? (
        <EmptyState title="No balances recorded">
          {mayManage
            ? 'Record each operating and reserve account’s balance above, or import a CSV.'
            : 'An operations or super admin records them.'}
        </EmptyState>
      ) : (
        <PositionsTable positions={data.positions} mayManage={mayManage} />
      )}
    </section>
  );
}

function RecordCashForm({ fourEyesAbove, today }: { fourEyesAbove: string; today: string }) {
  const record = useRecordCash();
  const importCash = useImportCash();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<AccountKind>('operating');
  const [balance, setBalance] = useState('');
  const [asOf, setAsOf] = useState(today);
  const [imported, setImported] = useState<number | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate(
      { account_name: name, account_kind: kind, balance: balance.replaceAll(',', ''), as_of: asOf },
      { onSuccess: () => setBalance('') },
    );
  };
  return (
    <div className="liquidity-record">
      <form className="liquidity-record-form" onSubmit={submit}>
        <TextField
          label="Account"
          value={name}
          required
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          label="Kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as AccountKind)}
        >
          {accountKinds.map((value) => (
            <option key={value} value={value}>
              {accountKindLabels[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Balance (USD)"
          value={balance}
          required
          inputMode="decimal"
          onChange={(event) => setBalance(event.target.value)}
          hint={`Above ${formatUsd(fourEyesAbove)} another admin approves it.`}
        />
        <TextField
          label="Balance date"
          type="date"
          value={asOf}
          max={today}
          required
          onChange={(event) => setAsOf(event.target.value)}
        />
        <Button type="submit" isBusy={record.isPending}>
          Record balance
        </Button>
      </form>
      {record.isError ? <Alert tone="error">{record.error.message}</Alert> : null}
      {record.isSuccess ? <Alert tone="success">Balance recorded.</Alert> : null}
      <label className="liquidity-import">
        <span>Import balances from CSV (columns account_name, account_kind, balance, as_of)</span>
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setImported(null);
            importCash.mutate(await file.text(), {
              onSuccess: (result) => setImported(result.positions.length),
            });
          }}
        />
      </label>
      {importCash.isError ? <Alert tone="error">{importCash.error.message}</Alert> : null}
      {imported !== null ? (
        <Alert tone="success">
          {imported === 1 ? '1 balance imported.' : `${imported} balances imported.`}
        </Alert>
      ) : null}
    </div>
  );
}

const statusBadges: Record<CashPosition['status'], ReactNode> = {
  pending: <Badge tone="warning">Awaiting approval</Badge>,
  recorded: <Badge tone="success">Counted</Badge>,
  rejected: <Badge tone="danger">Rejected</Badge>,
};

function PositionsTable({ positions, mayManage }: { positions: CashPosition[]; mayManage: boolean }) {
  const { admin } = useAdminSession();
  const decide = useDecideCash();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  return (
    <>
      {decide.isError ? <Alert tone="error">{decide.error.message}</Alert> : null}
      <DataTable
        caption="Balances recorded"
        rows={positions}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'account',
            label: 'Account',
            isTitle: true,
            cell: (row) => (
              <>
                {row.account_name}
                <span className="operations-sub">
                  {accountKindLabels[row.account_kind]} · {row.source === 'csv' ? 'CSV import' : 'Entered'}
                </span>
              </>
            ),
          },
          { key: 'balance', label: 'Balance', isNumeric: true, cell: (row) => formatUsd(row.balance) },
          { key: 'as_of', label: 'Date', cell: (row) => row.as_of },
          {
            key: 'by',
            label: 'Recorded by',
            cell: (row) => (
              <>
                {row.recorded_by.name}
                <span className="operations-sub">{formatLocalDateTime(row.recorded_at)}</span>
              </>
            ),
          },
          {
            key: 'status',
            label: 'Status',
            cell: (row) => (
              <>
                {statusBadges[row.status]}
                {row.decided_by ? <span className="operations-sub">by {row.decided_by.name}</span> : null}
                {row.decision_reason ? <span className="operations-sub">{row.decision_reason}</span> : null}
              </>
            ),
          },
          {
            key: 'actions',
            label: 'Actions',
            isLabelHidden: true,
            cell: (row) =>
              mayManage && row.status === 'pending' ? (
                row.recorded_by.id === admin?.id ? (
                  <span className="field-hint">Another admin approves it</span>
                ) : rejecting === row.id ? (
                  <form
                    className="liquidity-inline-form"
                    onSubmit={(event) => {
                      event.preventDefault();
                      decide.mutate({ id: row.id, reason }, { onSuccess: () => setRejecting(null) });
                    }}
                  >
                    <TextField
                      label="Reason"
                      value={reason}
                      required
                      maxLength={500}
                      onChange={(event) => setReason(event.target.value)}
                    />
                    <Button type="submit" size="sm" variant="danger" isBusy={decide.isPending}>
                      Reject
                    </Button>
                  </form>
                ) : (
                  <div className="row liquidity-decide">
                    <Button size="sm" isBusy={decide.isPending} onClick={() => decide.mutate({ id: row.id })}>
                      Approve
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setRejecting(row.id)}>
                      Reject...
                    </Button>
                  </div>
                )
              ) : null,
          },
        ]}
      />
    </>
  );
}

function SettingsPanel({ data }: { data: LiquidityOverviewResponse }) {
  const save = useSaveSettings();
  const [rate, setRate] = useState(data.settings.rollover_rate);
  const [isPublished, setPublished] = useState(data.settings.transparency_enabled);
  return (
    <section className="admin-panel" aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="liquidity-heading">
        Settings
      </h2>
      <form
        className="liquidity-settings"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ rollover_rate: rate, transparency_enabled: isPublished });
        }}
      >
        <TextField
          label="Expected rollover rate"
          value={rate}
          inputMode="decimal"
          onChange={(event) => setRate(event.target.value)}
          hint="The share (0 to 1) of a maturing High-Yield note expected to roll over when its holder has not chosen."
        />
        <div className="liquidity-switch">
          <Switch checked={isPublished} onChange={setPublished} label="Publish the coverage page" />
          <span>
            Publish the public coverage page at <a href="/transparency">/transparency</a> (figures update with
            the daily check)
          </span>
        </div>
        <Button type="submit" isBusy={save.isPending}>
          Save settings
        </Button>
      </form>
      {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
      {save.isSuccess ? <Alert tone="success">Settings saved.</Alert> : null}
    </section>
  );
}

function ChecksPanel({ checks }: { checks: CoverageCheck[] }) {
  return (
    <section className="admin-panel" aria-labelledby="checks-heading">
      <h2 id="checks-heading" className="liquidity-heading">
        Daily checks
      </h2>
      {checks.length === 0 ? (
        <EmptyState title="No check yet">
          The Liquidity check job runs every morning; run it now from Jobs.
        </EmptyState>
      ) : (
        <DataTable
          caption="Coverage checks, newest first"
          rows={checks}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'on',
              label: 'Checked',
              isTitle: true,
              cell: (row) => `${row.checked_on} (to ${row.horizon_until})`,
            },
            { key: 'cash', label: 'Cash', isNumeric: true, cell: (row) => formatUsd(row.cash) },
            { key: 'in', label: 'Inflows', isNumeric: true, cell: (row) => formatUsd(row.inflows) },
            { key: 'owed', label: 'Obligations', isNumeric: true, cell: (row) => formatUsd(row.obligations) },
            {
              key: 'coverage',
              label: 'Coverage',
              isNumeric: true,
              cell: (row) =>
                row.is_below ? <Badge tone="danger">{row.coverage ?? '0'}</Badge> : (row.coverage ?? '—'),
            },
            {
              key: 'ack',
              label: 'Acknowledged',
              cell: (row) =>
                row.is_below ? (
                  row.acknowledged_by ? (
                    <>
                      {row.acknowledged_by.name}
                      {row.acknowledgement_note ? (
                        <span className="operations-sub">{row.acknowledgement_note}</span>
                      ) : null}
                    </>
                  ) : (
                    <Badge tone="warning">Open</Badge>
                  )
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
