/**
 * Paper mail in the back office (decision 1924): who is waiting for paper and why, "Make print
 * batch" (one PDF with address sheets for #10 double-window envelopes), and each batch's PDF and
 * "Mark mailed" (date and count). Used on /admin/tax (tax forms of the year) and on
 * /admin/print-queue (statements and notices of investors who withdrew their ESIGN consent).
 */
import { useState } from 'react';
import type {
  PaperBatchView,
  PaperPurpose,
  PaperQueueEntry,
} from '../../../../shared/consents/consent-contracts';
import { can } from '../../../../shared/admin/permissions';
import { formatLongDate } from '../../../../shared/format/long-date';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { Alert, Badge, EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { useAdminSession } from '../../../lib/admin-session';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { businessToday } from '../../../lib/business-today';
import {
  downloadBatchPdf,
  useCreatePaperBatch,
  useMarkBatchMailed,
  usePaperQueue,
} from './paper-mail-queries';

const reasonLabels: Record<PaperQueueEntry['reason'], string> = {
  no_consent: 'No e-delivery consent',
  consent_withdrawn: 'ESIGN consent withdrawn',
  requested: 'Asked for a paper copy',
};

function MarkMailedDialog({ batch, onClose }: { batch: PaperBatchView; onClose(): void }) {
  const mark = useMarkBatchMailed();
  const [mailedOn, setMailedOn] = useState(businessToday());
  const [count, setCount] = useState(String(batch.piece_count));
  const countNumber = Number(count);
  const isCountValid = Number.isInteger(countNumber) && countNumber >= 1 && countNumber <= batch.piece_count;
  return (
    <ConfirmDialog
      title="Mark this batch mailed?"
      confirmLabel="Mark mailed"
      isBusy={mark.isPending}
      failure={mark.isError ? mark.error.message : null}
      onClose={onClose}
      onConfirm={() => {
        if (!isCountValid) return;
        mark.mutate(
          { id: batch.id, body: { mailed_on: mailedOn, mailed_count: countNumber } },
          { onSuccess: onClose },
        );
      }}
    >
      <p>
        Record the day the {batch.piece_count} {batch.piece_count === 1 ? 'piece' : 'pieces'} went in the
        mail. This is kept in the audit log and cannot be changed afterwards.
      </p>
      <TextField
        label="Mailed on"
        type="date"
        value={mailedOn}
        max={businessToday()}
        onChange={(event) => setMailedOn(event.target.value)}
      />
      <TextField
        label="Pieces mailed"
        type="number"
        min={1}
        max={batch.piece_count}
        value={count}
        error={isCountValid ? null : `Enter a number from 1 to ${batch.piece_count}.`}
        onChange={(event) => setCount(event.target.value)}
      />
    </ConfirmDialog>
  );
}

function BatchActions({ batch, mayManage }: { batch: PaperBatchView; mayManage: boolean }) {
  const [isMarking, setMarking] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!mayManage) return null;
  return (
    <div className="row paper-batch-actions">
      <Button
        size="sm"
        variant="secondary"
        isBusy={isDownloading}
        onClick={async () => {
          setDownloading(true);
          setProblem(await downloadBatchPdf(batch));
          setDownloading(false);
        }}
      >
        PDF
      </Button>
      {batch.mailed_on ? null : (
        <Button size="sm" onClick={() => setMarking(true)}>
          Mark mailed
        </Button>
      )}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {isMarking ? <MarkMailedDialog batch={batch} onClose={() => setMarking(false)} /> : null}
    </div>
  );
}

export function PaperMailPanel({
  purpose,
  year,
  title,
}: {
  purpose: PaperPurpose;
  year: number | null;
  title: string;
}) {
  const { admin } = useAdminSession();
  const mayManage = can(admin?.role, 'paper-mail:manage');
  const queue = usePaperQueue(purpose, year);
  const create = useCreatePaperBatch();
  const [isConfirming, setConfirming] = useState(false);
  const data = queue.data;
  const addressable = data ? data.waiting.filter((entry) => entry.has_address).length : 0;
  return (
    <section className="admin-panel paper-mail" aria-labelledby={`paper-mail-${purpose}-heading`}>
      <div className="paper-mail-head">
        <h2 id={`paper-mail-${purpose}-heading`} className="operations-heading">
          {title}
        </h2>
        {mayManage && data && data.waiting_total > 0 ? (
          <Button size="sm" onClick={() => setConfirming(true)}>
            Make print batch
          </Button>
        ) : null}
      </div>
      {queue.isPending ? <LoadingState /> : null}
      {queue.isError ? <ErrorState message={queue.error.message} /> : null}
      {create.isSuccess ? (
        <Alert tone="success">
          Batch made with {create.data.batch.piece_count}{' '}
          {create.data.batch.piece_count === 1 ? 'piece' : 'pieces'}. Download its PDF below, print, and mark
          it mailed when it goes out.
        </Alert>
      ) : null}
      {data ? (
        <>
          <h3 className="paper-mail-subheading">Waiting for paper ({data.waiting_total})</h3>
          {data.waiting.length === 0 ? (
            <EmptyState title="Nobody is waiting for paper">
              {purpose === 'tax_forms'
                ? 'Everyone with a form this year consented to electronic tax forms, or their paper copy is in a batch.'
                : 'Nobody who withdrew their consent to electronic records has a statement or notice waiting.'}
            </EmptyState>
          ) : (
            <DataTable
              caption="Waiting for paper"
              rows={data.waiting}
              rowKey={(row) => `${row.document_kind}:${row.investor_id}:${row.title}`}
              columns={[
                {
                  key: 'who',
                  label: 'Investor',
                  isTitle: true,
                  cell: (row) => (
                    <>
                      {row.name}
                      <span className="operations-sub">{row.email}</span>
                    </>
                  ),
                },
                { key: 'document', label: 'Document', cell: (row) => row.title },
                { key: 'why', label: 'Why paper', cell: (row) => reasonLabels[row.reason] },
                {
                  key: 'address',
                  label: 'Address',
                  cell: (row) =>
                    row.has_address ? (
                      <Badge tone="success">On file</Badge>
                    ) : (
                      <Badge tone="danger">Missing: waits</Badge>
                    ),
                },
              ]}
            />
          )}
          {data.waiting_total > data.waiting.length ? (
            <p className="field-hint paper-mail-note">
              Showing the first {data.waiting.length}; the batch takes all of them.
            </p>
          ) : null}
          <h3 className="paper-mail-subheading">Print batches</h3>
          {data.batches.length === 0 ? (
            <EmptyState title="No batches yet" />
          ) : (
            <DataTable
              caption="Print batches"
              rows={data.batches}
              rowKey={(row) => row.id}
              columns={[
                {
                  key: 'made',
                  label: 'Made',
                  isTitle: true,
                  cell: (row) => formatLocalDateTime(row.created_at),
                },
                { key: 'by', label: 'By', cell: (row) => row.created_by_email },
                { key: 'pieces', label: 'Pieces', isNumeric: true, cell: (row) => String(row.piece_count) },
                {
                  key: 'mailed',
                  label: 'Mailed',
                  cell: (row) =>
                    row.mailed_on ? (
                      <>
                        {formatLongDate(row.mailed_on)} · {row.mailed_count}
                        <span className="operations-sub">{row.mailed_by_email}</span>
                      </>
                    ) : (
                      <Badge tone="warning">Not yet</Badge>
                    ),
                },
                {
                  key: 'actions',
                  label: 'Actions',
                  isLabelHidden: true,
                  cell: (row) => <BatchActions batch={row} mayManage={mayManage} />,
                },
              ]}
            />
          )}
        </>
      ) : null}
      {isConfirming && data ? (
        <ConfirmDialog
          title="Make a print batch?"
          confirmLabel="Make batch"
          isBusy={create.isPending}
          failure={create.isError ? create.error.message : null}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            create.mutate({ purpose, taxYear: year }, { onSuccess: () => setConfirming(false) })
          }
        >
          <p>
            Puts everyone waiting who has an address ({addressable} shown here
            {data.waiting_total > data.waiting.length ? `, ${data.waiting_total} in all` : ''}) into one batch
            with one PDF to print. Anyone without an address keeps waiting.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
