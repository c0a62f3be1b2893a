/**
 * IRIS filing on /admin/tax (issue 25 section 1, decision 1900): for a tax year from 2026, build
 * the A2A XML transmissions or the Taxpayer Portal CSV files of the forms waiting to be filed,
 * download them, record the IRS's acknowledgement of each (Receipt ID, status, errors) and see
 * the records it rejected, which wait to be filed again.
 */
import { type ChangeEvent, useState } from 'react';
import {
  type IrisAckStatus,
  type IrisErrorEntry,
  type IrisTransmission,
  irisAckStatuses,
  irisAckStatusLabels,
  parseIrisErrorLines,
} from '../../../shared/admin/iris-contracts';
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
import { Checkbox, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { Pagination } from '../../components/ui/pagination';
import { formatLocalDateTime } from '../../lib/format-date-time';
import {
  type DownloadRefusal,
  downloadIrisFile,
  useBuildIrisFiles,
  useIrisOverview,
  useIrisTransmission,
  useRecordIrisAcknowledgement,
} from './api/iris-queries';

const statusTone: Record<IrisTransmission['status'], BadgeTone> = {
  awaiting_acknowledgement: 'neutral',
  accepted: 'success',
  accepted_with_errors: 'warning',
  partially_accepted: 'warning',
  rejected: 'danger',
};

function fileLabel(row: IrisTransmission): string {
  const kind = row.kind === 'correction' ? 'Correction' : 'Original';
  const part = row.file_count > 1 ? ` · ${row.file_number} of ${row.file_count}` : '';
  return `${kind} ${row.format.toUpperCase()}${part}`;
}

function fileName(row: IrisTransmission): string {
  const kind = row.kind === 'correction' ? '-correction' : '';
  const test = row.is_test ? '-ats' : '';
  const part = row.file_count > 1 ? `-${row.file_number}-of-${row.file_count}` : '';
  return `1099-INT-${row.tax_year}-iris${kind}${test}${part}.${row.format}`;
}

export function IrisFilingPanel({ year, mayRun }: { year: number; mayRun: boolean }) {
  const [page, setPage] = useState(1);
  const overview = useIrisOverview(year, page);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [ackFor, setAckFor] = useState<IrisTransmission | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<DownloadRefusal | null>(null);
  const data = overview.data;

  const download = async (row: IrisTransmission) => {
    setBusyId(row.id);
    setRefusal(null);
    setRefusal(await downloadIrisFile(row.id, fileName(row)));
    setBusyId(null);
  };

  return (
    <section className="admin-panel iris-panel" aria-labelledby="iris-heading">
      <div className="iris-heading">
        <h2 id="iris-heading" className="operations-heading">
          IRIS filing for {year}
        </h2>
        <p className="field-hint">
          Returns for tax years from 2026 go to the IRS through IRIS: an A2A XML transmission, or Taxpayer
          Portal CSV files. Files are built from the forms as issued, so their totals are the forms' totals.
        </p>
      </div>
      {overview.isPending ? <LoadingState /> : null}
      {overview.isError ? <ErrorState message={overview.error.message} /> : null}
      {data ? (
        <>
          <dl className="tax-figures">
            <div>
              <dt>Ready to file</dt>
              <dd>{data.state.originals}</dd>
            </div>
            <div>
              <dt>Corrections ready</dt>
              <dd>{data.state.corrections}</dd>
            </div>
            <div>
              <dt>Awaiting the IRS</dt>
              <dd>
                {data.state.awaiting_records}
                <span className="iris-figure-note">
                  {' '}
                  in {data.state.awaiting_transmissions}{' '}
                  {data.state.awaiting_transmissions === 1 ? 'file' : 'files'}
                </span>
              </dd>
            </div>
            <div>
              <dt>Rejected, to file again</dt>
              <dd>{data.state.rejected_records}</dd>
            </div>
          </dl>
          {data.missing_settings.length > 0 ? (
            <Alert tone="warning">
              IRIS files cannot be built until these settings are set: {data.missing_settings.join(', ')}.
            </Alert>
          ) : mayRun ? (
            <BuildFiles year={year} overviewState={data.state} csvPerFile={data.csv_records_per_file} />
          ) : null}
          {data.schema_validation ? (
            <p className="field-hint">
              XML files are checked against the IRS schema package in IRIS_SCHEMA_DIR before they download.
            </p>
          ) : null}
          {refusal ? (
            <Alert tone="error">
              <p>{refusal.message}</p>
              {refusal.schemaErrors.length > 0 ? (
                <ul className="iris-error-list">
                  {refusal.schemaErrors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          {data.transmissions.length === 0 ? (
            <EmptyState title="No IRIS files yet">
              {mayRun
                ? 'Build the files once the year’s forms are issued.'
                : 'An operations or super admin builds them.'}
            </EmptyState>
          ) : (
            <>
              <DataTable
                caption={`IRIS files for ${year}`}
                rows={data.transmissions}
                rowKey={(row) => row.id}
                isBusy={overview.isPlaceholderData}
                columns={[
                  {
                    key: 'file',
                    label: 'File',
                    isTitle: true,
                    cell: (row) => (
                      <span className="iris-file">
                        {fileLabel(row)}
                        {row.is_test ? <Badge tone="accent">ATS test</Badge> : null}
                      </span>
                    ),
                  },
                  {
                    key: 'records',
                    label: 'Records',
                    isNumeric: true,
                    cell: (row) => String(row.record_count),
                  },
                  {
                    key: 'box1',
                    label: 'Box 1 total',
                    isNumeric: true,
                    cell: (row) => formatUsd(row.total_interest),
                  },
                  {
                    key: 'box4',
                    label: 'Box 4 total',
                    isNumeric: true,
                    cell: (row) => formatUsd(row.total_federal_tax_withheld),
                  },
                  {
                    key: 'status',
                    label: 'IRS answer',
                    cell: (row) => (
                      <span className="iris-status">
                        <Badge tone={statusTone[row.status]}>{irisAckStatusLabels[row.status]}</Badge>
                        {row.receipt_id ? (
                          <span className="iris-receipt">Receipt {row.receipt_id}</span>
                        ) : null}
                        {row.rejected_records > 0 ? (
                          <span className="iris-receipt">{row.rejected_records} rejected</span>
                        ) : null}
                      </span>
                    ),
                  },
                  {
                    key: 'built',
                    label: 'Built',
                    cell: (row) => `${formatLocalDateTime(row.created_at)} · ${row.created_by}`,
                  },
                  {
                    key: 'actions',
                    label: 'Actions',
                    isLabelHidden: true,
                    cell: (row) => (
                      <div className="row iris-actions">
                        {mayRun ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            isBusy={busyId === row.id}
                            onClick={() => void download(row)}
                          >
                            Download
                          </Button>
                        ) : null}
                        {mayRun && row.status === 'awaiting_acknowledgement' ? (
                          <Button size="sm" variant="secondary" onClick={() => setAckFor(row)}>
                            Record answer
                          </Button>
                        ) : null}
                        {row.status !== 'awaiting_acknowledgement' ? (
                          <Button size="sm" variant="ghost" onClick={() => setDetailsId(row.id)}>
                            Errors
                          </Button>
                        ) : null}
                      </div>
                    ),
                  },
                ]}
              />
              {data.total > data.page_size ? (
                <Pagination
                  total={data.total}
                  page={data.page}
                  pageSize={data.page_size}
                  noun={['file', 'files']}
                  onPage={setPage}
                />
              ) : null}
            </>
          )}
        </>
      ) : null}
      {detailsId ? <TransmissionDetails id={detailsId} onClose={() => setDetailsId(null)} /> : null}
      {ackFor ? <AcknowledgementForm transmission={ackFor} onClose={() => setAckFor(null)} /> : null}
    </section>
  );
}

function BuildFiles({
  year,
  overviewState,
  csvPerFile,
}: {
  year: number;
  overviewState: { originals: number; corrections: number };
  csvPerFile: number;
}) {
  const build = useBuildIrisFiles();
  const [kind, setKind] = useState<'original' | 'correction'>('original');
  const [format, setFormat] = useState<'xml' | 'csv'>('xml');
  const [isTest, setTest] = useState(false);
  const waiting = kind === 'original' ? overviewState.originals : overviewState.corrections;
  return (
    <div className="iris-build">
      <div className="iris-build-fields">
        <SelectField
          label="Forms"
          value={kind}
          onChange={(event) => setKind(event.target.value as 'original' | 'correction')}
        >
          <option value="original">Originals ({overviewState.originals})</option>
          <option value="correction">Corrections ({overviewState.corrections})</option>
        </SelectField>
        <SelectField
          label="Format"
          value={format}
          onChange={(event) => setFormat(event.target.value as 'xml' | 'csv')}
        >
          <option value="xml">A2A XML transmission</option>
          <option value="csv">Taxpayer Portal CSV ({csvPerFile} per file)</option>
        </SelectField>
      </div>
      <Checkbox
        label="For the IRS test system (ATS): marked as a test, never counts as filed"
        checked={isTest}
        onChange={(event) => setTest(event.target.checked)}
      />
      <div className="row iris-build-action">
        <Button
          isBusy={build.isPending}
          disabled={waiting === 0}
          onClick={() => build.mutate({ tax_year: year, kind, format, test: isTest })}
        >
          Build {kind === 'original' ? 'original' : 'correction'} files
        </Button>
        {waiting === 0 ? (
          <span className="field-hint">
            Nothing waits to be filed as {kind === 'original' ? 'an original' : 'a correction'}.
          </span>
        ) : null}
      </div>
      {build.isSuccess ? (
        <Alert tone="success">
          Built {build.data.file_count} {build.data.file_count === 1 ? 'file' : 'files'} with{' '}
          {build.data.record_count} {build.data.record_count === 1 ? 'record' : 'records'}. Download them
          below and record the IRS's answer for each.
        </Alert>
      ) : null}
      {build.isError ? <Alert tone="error">{build.error.message}</Alert> : null}
    </div>
  );
}

function TransmissionDetails({ id, onClose }: { id: string; onClose(): void }) {
  const details = useIrisTransmission(id);
  const data = details.data;
  return (
    <Modal title="The IRS's answer" onClose={onClose} wide>
      {details.isPending ? <LoadingState /> : null}
      {details.isError ? <ErrorState message={details.error.message} /> : null}
      {data ? (
        <div className="iris-details">
          <p>
            <Badge tone={statusTone[data.transmission.status]}>
              {irisAckStatusLabels[data.transmission.status]}
            </Badge>{' '}
            {data.transmission.receipt_id ? `Receipt ID ${data.transmission.receipt_id}` : null}
            {data.transmission.acknowledged_at
              ? ` · recorded ${formatLocalDateTime(data.transmission.acknowledged_at)}`
              : null}
          </p>
          <p className="field-hint">Unique Transmission ID {data.transmission.unique_transmission_id}</p>
          {data.transmission.errors.length > 0 ? (
            <>
              <h3 className="iris-subheading">Errors about the whole file</h3>
              <ErrorList errors={data.transmission.errors} />
            </>
          ) : null}
          <h3 className="iris-subheading">Records</h3>
          {data.problems.length === 0 ? (
            <EmptyState title="No record was rejected or flagged" />
          ) : (
            <DataTable
              caption="Records the IRS rejected or flagged"
              rows={data.problems}
              rowKey={(row) => String(row.record_id)}
              columns={[
                {
                  key: 'record',
                  label: 'Record',
                  isTitle: true,
                  cell: (row) => `#${row.record_id} · ${row.recipient_name}`,
                },
                { key: 'tin', label: 'TIN', cell: (row) => `•••-••-${row.tin_last_four}` },
                {
                  key: 'status',
                  label: 'Status',
                  cell: (row) =>
                    row.status === 'rejected' ? (
                      <Badge tone="danger">Rejected: fix and file again</Badge>
                    ) : (
                      <Badge tone="warning">Accepted with errors: correct</Badge>
                    ),
                },
                {
                  key: 'errors',
                  label: 'Errors',
                  cell: (row) => <ErrorList errors={row.errors} />,
                },
              ]}
            />
          )}
        </div>
      ) : null}
    </Modal>
  );
}

/** The IRS's errors as listed (the same code and message twice is shown once). */
function ErrorList({ errors }: { errors: IrisErrorEntry[] }) {
  const unique = [
    ...new Map(errors.map((error) => [`${error.code}\u0000${error.message}`, error])).entries(),
  ];
  return (
    <ul className="iris-error-list">
      {unique.map(([key, error]) => (
        <li key={key}>
          <strong>{error.code}</strong> {error.message}
        </li>
      ))}
    </ul>
  );
}

const ackHints: Record<IrisAckStatus, string> = {
  accepted: 'Every record was accepted.',
  accepted_with_errors: 'Every record was accepted; the records listed need a correction.',
  partially_accepted: 'The records listed were rejected; the others were accepted.',
  rejected: 'The whole file was rejected: every record waits to be filed again.',
};

function AcknowledgementForm({ transmission, onClose }: { transmission: IrisTransmission; onClose(): void }) {
  const record = useRecordIrisAcknowledgement(transmission.id);
  const [status, setStatus] = useState<IrisAckStatus>('accepted');
  const [receiptId, setReceiptId] = useState('');
  const [errorText, setErrorText] = useState('');
  const parsed = parseIrisErrorLines(errorText);

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setErrorText((await file.text()).slice(0, 500_000));
  };

  return (
    <Modal
      title={`Record the IRS's answer · ${fileLabel(transmission)}`}
      onClose={onClose}
      footer={
        <div className="row">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            isBusy={record.isPending}
            disabled={receiptId.trim() === '' || parsed.badLines.length > 0}
            onClick={() =>
              record.mutate(
                { status, receipt_id: receiptId.trim(), errors: parsed.errors },
                { onSuccess: () => onClose() },
              )
            }
          >
            Record answer
          </Button>
        </div>
      }
    >
      <div className="iris-ack-form">
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as IrisAckStatus)}
          hint={ackHints[status]}
        >
          {irisAckStatuses.map((entry) => (
            <option key={entry} value={entry}>
              {irisAckStatusLabels[entry]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Receipt ID"
          value={receiptId}
          maxLength={60}
          autoComplete="off"
          onChange={(event) => setReceiptId(event.target.value)}
          hint="As IRIS gave it for this transmission."
        />
        <TextAreaField
          label="Errors"
          rows={5}
          value={errorText}
          onChange={(event) => setErrorText(event.target.value)}
          hint="One per line: record ID, error code, message. Leave the record ID empty for an error about the whole file."
          error={
            parsed.badLines.length > 0
              ? `${parsed.badLines.length === 1 ? 'Line' : 'Lines'} ${parsed.badLines.slice(0, 10).join(', ')} cannot be read: give record ID, error code, message.`
              : null
          }
        />
        <label className="iris-upload">
          <span>Or load the error list (CSV)</span>
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => void loadFile(event)}
          />
        </label>
        {parsed.errors.length > 0 ? (
          <p className="field-hint">
            {parsed.errors.length} {parsed.errors.length === 1 ? 'error' : 'errors'} read.
          </p>
        ) : null}
        {record.isError ? <Alert tone="error">{record.error.message}</Alert> : null}
      </div>
    </Modal>
  );
}
