import {
  type JobHistoryEntry,
  jobMessages,
  type ScheduledJobView,
} from '../../../../shared/jobs/job-contracts';
import { Button } from '../../../components/ui/button';
import { Badge, type BadgeTone, EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { Modal } from '../../../components/ui/modal';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { useJobHistory } from '../api/admin-job-queries';
import { formatDurationSeconds } from '../job-time-format';
import { ExecutionDetails } from './execution-details';
import { formatCount } from '../../../../shared/format/en-us-text';

/** Spec 4: completed is green, failed red, anything else yellow (in progress). */
export function runStatusTone(status: string): BadgeTone {
  if (status === 'completed') return 'success';
  if (status === 'failed') return 'danger';
  return 'warning';
}

function triggerLabel(entry: JobHistoryEntry): string {
  if (entry.trigger === 'manual') {
    const triggeredBy = entry.executionMetadata.triggeredBy;
    const name =
      typeof triggeredBy === 'object' && triggeredBy !== null && 'name' in triggeredBy
        ? String(triggeredBy.name ?? '')
        : '';
    return name ? `Run now by ${name}` : 'Run now';
  }
  return 'Scheduled';
}

/** Job Execution History (admin spec 2): the newest 20 runs of a job. */
export function JobHistoryModal({ job, onClose }: { job: ScheduledJobView; onClose(): void }) {
  const history = useJobHistory(job.id);
  return (
    <Modal
      title="Job Execution History"
      onClose={onClose}
      wide
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p className="job-history-subtitle">
        <strong>{job.name}</strong> <span className="mono muted">{job.functionName}</span>
      </p>
      {history.isPending ? <LoadingState /> : null}
      {history.isError ? <ErrorState message={jobMessages.historyLoadFailed} /> : null}
      {history.data && history.data.history.length === 0 ? (
        <EmptyState title={jobMessages.noHistory} />
      ) : null}
      {history.data && history.data.history.length > 0 ? (
        <ol className="job-history-list">
          {history.data.history.map((entry) => (
            <li key={entry.id} className="job-run">
              <div className="job-run-header">
                <Badge tone={runStatusTone(entry.status)}>{entry.status.toUpperCase()}</Badge>
                <span className="job-run-records">
                  <span className="tabular">{formatCount(entry.recordsProcessed)}</span> records processed
                </span>
                <span className="job-run-trigger muted">{triggerLabel(entry)}</span>
              </div>
              <dl className="job-run-times">
                <div>
                  <dt>Started</dt>
                  <dd className="tabular">{formatLocalDateTime(entry.startedAt)}</dd>
                </div>
                {entry.completedAt ? (
                  <div>
                    <dt>Duration</dt>
                    <dd className="tabular">{formatDurationSeconds(entry.startedAt, entry.completedAt)}</dd>
                  </div>
                ) : null}
              </dl>
              {entry.errorMessage ? (
                <div className="job-run-error">
                  <div className="job-run-block-title">Error</div>
                  <pre>{entry.errorMessage}</pre>
                </div>
              ) : null}
              {Object.keys(entry.executionMetadata).length > 0 ? (
                <ExecutionDetails metadata={entry.executionMetadata} />
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </Modal>
  );
}
