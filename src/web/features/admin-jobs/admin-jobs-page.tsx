import { useEffect, useState } from 'react';
import { can } from '../../../shared/admin/permissions';
import { describeCron } from '../../../shared/jobs/cron-rules';
import { type JobFunctionView, jobMessages, type ScheduledJobView } from '../../../shared/jobs/job-contracts';
import { jobRunMessages } from '../../../shared/jobs/run-contracts';
import { DataTable } from '../../components/ui/data-table';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Alert, Badge, EmptyState, ErrorState, LoadingState } from '../../components/ui/feedback';
import { Switch } from '../../components/ui/switch';
import { useAdminSession } from '../../lib/admin-session';
import { ApiError } from '../../lib/api-client';
import { useJobList, useRunJob } from './api/admin-job-queries';
import { JobEditorModal } from './components/job-editor-modal';
import { JobHistoryModal, runStatusTone } from './components/job-history-modal';
import { JobToggleModal } from './components/job-toggle-modal';
import { formatCalendarDate } from '../../lib/format-date-time';
import { formatInTimeZone, formatRelative } from './job-time-format';
import { formatCount } from '../../../shared/format/en-us-text';
import './admin-jobs.css';

type OpenModal =
  | { kind: 'editor'; job: ScheduledJobView | null }
  | { kind: 'toggle'; job: ScheduledJobView }
  | { kind: 'history'; job: ScheduledJobView }
  | { kind: 'run'; job: ScheduledJobView }
  | null;

function functionDescription(functions: JobFunctionView[], name: string): string | null {
  return functions.find((entry) => entry.name === name)?.description ?? null;
}

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** /admin/jobs: the scheduled jobs with Run, enable/disable, Edit and History (admin spec 2). */
export function AdminJobsPage() {
  const { admin } = useAdminSession();
  const mayManage = can(admin?.role, 'jobs:manage');
  const mayRun = can(admin?.role, 'jobs:run');
  const list = useJobList();
  const runJob = useRunJob();
  const [modal, setModal] = useState<OpenModal>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [runningJobIds, setRunningJobIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    document.title = 'Jobs · Admin';
  }, []);

  const timeZone = list.data?.timeZone ?? 'America/New_York';
  const now = new Date(list.dataUpdatedAt || Date.now());

  const run = async (job: ScheduledJobView) => {
    setNotice(null);
    setRunningJobIds((current) => new Set(current).add(job.id));
    try {
      const result = await runJob.mutateAsync({
        functionName: job.functionName,
        // No date: the server runs it for its own business date today (PRODUCT.md 32).
        request: { jobId: job.id },
      });
      setNotice({
        tone: 'success',
        text: `${job.name} finished: ${formatCount(result.recordsProcessed)} ${
          result.recordsProcessed === 1 ? 'record' : 'records'
        } processed.`,
      });
    } catch (error) {
      console.error(
        `${jobRunMessages.executionFailed}: ${job.name} (${job.functionName})`,
        error instanceof ApiError ? error.message : error,
      );
      setNotice({ tone: 'error', text: jobRunMessages.runFailed });
    } finally {
      setRunningJobIds((current) => {
        const next = new Set(current);
        next.delete(job.id);
        return next;
      });
    }
  };

  return (
    <div className="admin-jobs">
      <div className="admin-page-header">
        <div>
          <h1>Scheduled jobs</h1>
          <p>
            Background work that keeps the books: interest, maturities, settlement, withdrawals and messages.
          </p>
        </div>
        {mayManage ? (
          <Button onClick={() => setModal({ kind: 'editor', job: null })}>Create Job</Button>
        ) : null}
      </div>

      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}

      <section className="admin-panel">
        <div className="admin-panel-header">
          <h2>Jobs</h2>
          <span className="muted jobs-zone">
            Schedules run in {timeZone}
            {list.data ? (
              <>
                {' · '}Run uses today,{' '}
                <span className="jobs-run-date">{formatCalendarDate(list.data.businessDate)}</span>
              </>
            ) : null}
          </span>
        </div>
        {list.isPending ? <LoadingState /> : null}
        {list.isError ? <ErrorState message={jobMessages.loadFailed} /> : null}
        {list.data && list.data.jobs.length === 0 ? (
          <EmptyState
            title={jobMessages.noJobs}
            action={
              mayManage ? (
                <Button variant="secondary" onClick={() => setModal({ kind: 'editor', job: null })}>
                  Create Job
                </Button>
              ) : undefined
            }
          />
        ) : null}
        {list.data && list.data.jobs.length > 0 ? (
          <DataTable
            caption="Scheduled jobs"
            className="job-table"
            isBusy={list.isFetching}
            rows={list.data.jobs}
            rowKey={(job) => job.id}
            columns={[
              {
                key: 'job',
                label: 'Job',
                className: 'job-cell',
                cell: (job) => (
                  <div>
                    <div className="job-name">{job.name}</div>
                    <span className="mono job-function" title="Server function">
                      {job.functionName}
                    </span>
                    {job.description ? <div className="job-description">{job.description}</div> : null}
                  </div>
                ),
              },
              {
                key: 'schedule',
                label: 'Schedule',
                cell: (job) => (
                  <div>
                    <div>{describeCron(job.scheduleCron) ?? 'Invalid schedule'}</div>
                    <div className="mono job-cron">{job.scheduleCron}</div>
                  </div>
                ),
              },
              {
                key: 'next',
                label: 'Next run',
                cell: (job) =>
                  job.enabled && job.nextRunAt ? (
                    <div>
                      <div className="tabular">{formatInTimeZone(job.nextRunAt, timeZone)}</div>
                      <div className="muted job-when">{formatRelative(job.nextRunAt, now)}</div>
                    </div>
                  ) : (
                    <span className="muted">{job.enabled ? 'Not scheduled' : 'Disabled'}</span>
                  ),
              },
              {
                key: 'last',
                label: 'Last run',
                cell: (job) =>
                  job.lastRun ? (
                    <div>
                      <Badge tone={runStatusTone(job.lastRun.status)}>
                        {job.lastRun.status.toUpperCase()}
                      </Badge>
                      <div className="muted job-when">{formatRelative(job.lastRun.startedAt, now)}</div>
                    </div>
                  ) : (
                    <span className="muted">Never run</span>
                  ),
              },
              {
                key: 'enabled',
                label: 'Enabled',
                cell: (job) => (
                  <div className="job-enabled">
                    <Switch
                      checked={job.enabled}
                      label={`${job.name} enabled`}
                      disabled={!mayManage}
                      onChange={() => setModal({ kind: 'toggle', job })}
                    />
                    <span className="muted">{job.enabled ? 'Enabled' : 'Disabled'}</span>
                  </div>
                ),
              },
              {
                key: 'actions',
                label: 'Actions',
                isLabelHidden: true,
                className: 'job-actions-cell',
                cell: (job) => (
                  <div className="job-actions">
                    {mayRun ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        isBusy={runningJobIds.has(job.id)}
                        aria-label={`Run ${job.name} now`}
                        onClick={() => setModal({ kind: 'run', job })}
                      >
                        {runningJobIds.has(job.id) ? 'Running...' : 'Run'}
                      </Button>
                    ) : null}
                    {mayManage ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Edit ${job.name}`}
                        onClick={() => setModal({ kind: 'editor', job })}
                      >
                        Edit
                      </Button>
                    ) : null}
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`History of ${job.name}`}
                      onClick={() => setModal({ kind: 'history', job })}
                    >
                      History
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        ) : null}
      </section>

      {modal?.kind === 'editor' && list.data ? (
        <JobEditorModal
          job={modal.job}
          functions={list.data.functions}
          timeZone={timeZone}
          onClose={() => setModal(null)}
          onSaved={(saved, isNew) => {
            setModal(null);
            setNotice({ tone: 'success', text: `${saved.name} ${isNew ? 'created' : 'updated'}.` });
          }}
        />
      ) : null}
      {modal?.kind === 'toggle' ? (
        <JobToggleModal job={modal.job} timeZone={timeZone} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'history' ? <JobHistoryModal job={modal.job} onClose={() => setModal(null)} /> : null}
      {modal?.kind === 'run' && list.data ? (
        <RunConfirmation
          job={modal.job}
          businessDate={list.data.businessDate}
          description={functionDescription(list.data.functions, modal.job.functionName)}
          onClose={() => setModal(null)}
          onConfirm={() => {
            setModal(null);
            void run(modal.job);
          }}
        />
      ) : null}
    </div>
  );
}

/** What Run does, asked before it does it: the function, the date it runs for, its work. */
function RunConfirmation({
  job,
  businessDate,
  description,
  onClose,
  onConfirm,
}: {
  job: ScheduledJobView;
  businessDate: string;
  description: string | null;
  onClose(): void;
  onConfirm(): void;
}) {
  return (
    <ConfirmDialog
      title={`Run ${job.name} now?`}
      confirmLabel="Run now"
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <p>
        Runs <span className="mono">{job.functionName}</span> once, now, for{' '}
        {formatCalendarDate(businessDate)}, outside its schedule.
      </p>
      {description ? <p>{description}</p> : null}
      <p className="field-hint">The run is recorded in the job’s history, as a scheduled run is.</p>
    </ConfirmDialog>
  );
}
