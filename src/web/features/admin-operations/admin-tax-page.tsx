/**
 * /admin/tax (issue 16 item 5): run the year-end tax run for an ended year, see the forms issued
 * (corrections marked) with their totals and who has no tax record, and download the IRS file
 * (Publication 1220), original or correction, live or for the FIRE test system; from tax year
 * 2026 the IRIS files and acknowledgements instead (decision 1900).
 */
import { useEffect, useState } from 'react';
import {
  FIRST_TAX_YEAR,
  TAX_FORMS_PAGE_SIZE,
  type TaxYearOverviewResponse,
  taxRunMessages,
} from '../../../shared/admin/back-office-contracts';
import { IRIS_FIRST_TAX_YEAR } from '../../../shared/admin/iris-contracts';
import { can } from '../../../shared/admin/permissions';
import { formatUsd } from '../../../shared/format/money-format';
import { TAX_FORM_THRESHOLD_TEXT } from '../../../shared/portal/tax-form-threshold';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { Pagination } from '../../components/ui/pagination';
import { Alert, Badge, EmptyState, ErrorState, LoadingState } from '../../components/ui/feedback';
import { SelectField } from '../../components/ui/field';
import { useAdminSession } from '../../lib/admin-session';
import { formatLocalDateTime } from '../../lib/format-date-time';
import { downloadFireFile, useRunTaxYear, useTaxYear } from './api/operations-queries';
import { Form945Panel } from './form-945-panel';
import { IrisFilingPanel } from './iris-filing-panel';
import { PaperMailPanel } from './paper-mail/paper-mail-panel';
import { TaxCalendarPanel } from './paper-mail/tax-calendar-panel';
import './admin-operations.css';

/** The years offered in the picker: the last ten that have ended. */
const YEARS_OFFERED = 10;

export function AdminTaxPage() {
  const { admin } = useAdminSession();
  const mayRun = can(admin?.role, 'tax:run');
  const [year, setYear] = useState<number | null>(null);
  const [formsPage, setFormsPage] = useState(1);
  const overview = useTaxYear(year, formsPage);
  const run = useRunTaxYear();
  const [isConfirming, setConfirming] = useState(false);
  useEffect(() => {
    document.title = 'Tax forms · Admin';
  }, []);
  const data = overview.data;
  const shownYear = year ?? data?.tax_year ?? null;
  const years = data
    ? Array.from({ length: YEARS_OFFERED }, (_, index) => data.latest_year - index).filter(
        (entry) => entry >= FIRST_TAX_YEAR,
      )
    : [];
  return (
    <div className="admin-operations">
      <div className="admin-page-header">
        <div>
          <h1>Tax forms</h1>
          <p>Year-end 1099-INT forms for every investor with at least $10 of interest, and the IRS file.</p>
        </div>
      </div>
      <section className="admin-panel tax-controls">
        <SelectField
          label="Tax year"
          value={shownYear ?? ''}
          onChange={(event) => {
            setYear(Number(event.target.value));
            setFormsPage(1);
            run.reset();
          }}
          disabled={!data}
        >
          {years.map((entry) => (
            <option key={entry} value={entry}>
              {entry}
            </option>
          ))}
        </SelectField>
        {mayRun && shownYear !== null ? (
          <div className="tax-run-action">
            <Button
              isBusy={run.isPending}
              // The confirmation's figures are the shown year's: wait while another year loads.
              disabled={!data || overview.isPlaceholderData}
              onClick={() => {
                run.reset();
                setConfirming(true);
              }}
            >
              Run {shownYear} tax forms
            </Button>
            <p className="field-hint">
              Issues new forms, corrects changed ones and tells each investor by their chosen channels. Safe
              to run again.
            </p>
          </div>
        ) : null}
      </section>
      {shownYear !== null ? <TaxCalendarPanel year={shownYear} /> : null}
      {isConfirming && data ? (
        <ConfirmDialog
          title={`Run the ${data.tax_year} tax run?`}
          confirmLabel="Run tax run"
          isBusy={run.isPending}
          failure={run.isError ? run.error.message : null}
          onClose={() => setConfirming(false)}
          onConfirm={() => run.mutate(data.tax_year, { onSuccess: () => setConfirming(false) })}
        >
          <TaxRunEffect overview={data} />
        </ConfirmDialog>
      ) : null}
      {run.isSuccess ? (
        <Alert tone="success">Tax run finished. The figures below are up to date.</Alert>
      ) : null}
      {run.isError ? <Alert tone="error">{run.error.message}</Alert> : null}
      {overview.isPending ? <LoadingState /> : null}
      {overview.isError ? <ErrorState message={overview.error.message} /> : null}
      {data ? (
        <>
          <section className="admin-panel tax-totals" aria-label="Totals">
            <dl className="tax-figures">
              <div>
                <dt>Forms</dt>
                <dd>{data.totals.form_count}</dd>
              </div>
              <div>
                <dt>Interest reported</dt>
                <dd>{formatUsd(data.totals.interest)}</dd>
              </div>
              <div>
                <dt>Corrected</dt>
                <dd>{data.totals.correction_count}</dd>
              </div>
              <div>
                <dt>Without a tax record</dt>
                <dd>{data.missing_tax_record_count}</dd>
              </div>
            </dl>
            {mayRun && data.tax_year < IRIS_FIRST_TAX_YEAR ? (
              data.is_fire_configured ? (
                <FireDownloads year={data.tax_year} />
              ) : (
                <Alert tone="info">{taxRunMessages.fireNotConfigured}</Alert>
              )
            ) : null}
          </section>
          {data.tax_year >= IRIS_FIRST_TAX_YEAR ? (
            <IrisFilingPanel year={data.tax_year} mayRun={mayRun} />
          ) : null}
          <section className="admin-panel">
            <h2 className="operations-heading">Forms issued for {data.tax_year}</h2>
            {data.forms.length === 0 ? (
              <EmptyState title="No forms issued for this year">
                {mayRun ? 'Run the tax forms to issue them.' : 'An operations or super admin runs them.'}
              </EmptyState>
            ) : (
              <DataTable
                caption={`1099-INT forms for ${data.tax_year}`}
                rows={data.forms}
                rowKey={(row) => row.id}
                columns={[
                  { key: 'recipient', label: 'Recipient', isTitle: true, cell: (row) => row.recipient_name },
                  { key: 'tin', label: 'TIN', cell: (row) => `•••-••-${row.tin_last_four}` },
                  {
                    key: 'interest',
                    label: 'Box 1 interest',
                    isNumeric: true,
                    cell: (row) => formatUsd(row.interest_amount),
                  },
                  {
                    key: 'withheld',
                    label: 'Box 4 withheld',
                    isNumeric: true,
                    cell: (row) => formatUsd(row.federal_tax_withheld),
                  },
                  {
                    key: 'version',
                    label: 'Form',
                    cell: (row) =>
                      row.is_correction ? (
                        <Badge tone="warning">Corrected (v{row.version})</Badge>
                      ) : (
                        <Badge>Original</Badge>
                      ),
                  },
                  { key: 'issued', label: 'Issued', cell: (row) => formatLocalDateTime(row.issued_at) },
                ]}
              />
            )}
            {data.totals.form_count > TAX_FORMS_PAGE_SIZE ? (
              <Pagination
                total={data.totals.form_count}
                page={data.forms_page}
                pageSize={TAX_FORMS_PAGE_SIZE}
                noun={['form', 'forms']}
                onPage={setFormsPage}
              />
            ) : null}
          </section>
          <Form945Panel year={data.tax_year} />
          {data.missing_tax_records.length > 0 ? (
            <section className="admin-panel">
              <h2 className="operations-heading">No tax record, no form</h2>
              {data.missing_tax_record_count > data.missing_tax_records.length ? (
                <p className="muted">
                  The first {data.missing_tax_records.length} of {data.missing_tax_record_count}, by investor.
                </p>
              ) : null}
              <DataTable
                caption="Investors without a tax record"
                rows={data.missing_tax_records}
                rowKey={(row) => row.investor_id}
                columns={[
                  { key: 'email', label: 'Investor', isTitle: true, cell: (row) => row.email },
                  {
                    key: 'interest',
                    label: 'Interest',
                    isNumeric: true,
                    cell: (row) => formatUsd(row.interest),
                  },
                ]}
              />
            </section>
          ) : null}
          <section className="admin-panel">
            <h2 className="operations-heading">Runs</h2>
            {data.runs.length === 0 ? (
              <EmptyState title="Not run yet for this year" />
            ) : (
              <DataTable
                caption="Tax runs"
                rows={data.runs}
                rowKey={(row) => row.id}
                columns={[
                  {
                    key: 'when',
                    label: 'When',
                    isTitle: true,
                    cell: (row) => formatLocalDateTime(row.started_at),
                  },
                  { key: 'by', label: 'By', cell: (row) => row.started_by },
                  { key: 'issued', label: 'New', isNumeric: true, cell: (row) => String(row.forms_issued) },
                  {
                    key: 'corrected',
                    label: 'Corrected',
                    isNumeric: true,
                    cell: (row) => String(row.corrections_issued),
                  },
                  {
                    key: 'same',
                    label: 'Unchanged',
                    isNumeric: true,
                    cell: (row) => String(row.unchanged_count),
                  },
                  {
                    key: 'total',
                    label: 'Total',
                    isNumeric: true,
                    cell: (row) => formatUsd(row.total_interest),
                  },
                ]}
              />
            )}
          </section>
        </>
      ) : null}
      {shownYear !== null ? (
        <PaperMailPanel purpose="tax_forms" year={shownYear} title={`Paper copies of ${shownYear} forms`} />
      ) : null}
    </div>
  );
}

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What the run will do, from the overview's count of the same actions the run takes. */
function TaxRunEffect({ overview }: { overview: TaxYearOverviewResponse }) {
  const { new_forms: newForms, corrections } = overview.next_run;
  const missing = overview.missing_tax_record_count;
  const issued = [
    newForms > 0 ? counted(newForms, 'new form', 'new forms') : null,
    corrections > 0 ? counted(corrections, 'corrected form', 'corrected forms') : null,
  ].filter(Boolean);
  return (
    <>
      <p>
        {issued.length === 0
          ? `Every ${overview.tax_year} form is up to date: the run issues nothing and notifies no one.`
          : `Issues ${issued.join(' and ')}${issued.length > 1 ? ',' : ''} and notifies ${counted(newForms + corrections, 'investor', 'investors')} by the channels each has chosen.`}
      </p>
      {missing > 0 ? (
        <p>
          {missing === 1
            ? `1 investor with ${TAX_FORM_THRESHOLD_TEXT} has no tax record and gets no form.`
            : `${missing} investors with ${TAX_FORM_THRESHOLD_TEXT} have no tax record and get no form.`}
        </p>
      ) : null}
      <p className="field-hint">Safe to run again: a later run issues only what changed.</p>
    </>
  );
}

const fireFiles = [
  { kind: 'original', isTest: false, label: 'IRS file (original)' },
  { kind: 'correction', isTest: false, label: 'IRS correction file' },
  { kind: 'original', isTest: true, label: 'FIRE test file' },
] as const;

function FireDownloads({ year }: { year: number }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (file: (typeof fireFiles)[number]) => {
    setBusy(file.label);
    setProblem(null);
    const suffix = `${file.kind === 'correction' ? '-correction' : ''}${file.isTest ? '-test' : ''}`;
    const refusal = await downloadFireFile(
      `/api/admin/tax-runs/fire-file?year=${year}&kind=${file.kind}&test=${file.isTest}`,
      `1099-INT-${year}${suffix}.txt`,
    );
    setProblem(refusal);
    setBusy(null);
  };
  return (
    <div className="tax-downloads-block">
      <div className="row tax-downloads">
        {fireFiles.map((file) => (
          <Button
            key={file.label}
            size="sm"
            variant={file.isTest ? 'ghost' : 'secondary'}
            isBusy={busy === file.label}
            onClick={() => void download(file)}
          >
            {file.label}
          </Button>
        ))}
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </div>
  );
}
