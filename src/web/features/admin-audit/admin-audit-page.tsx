import { useEffect, useState } from 'react';
import { type AuditEntry, auditActionLabel, describeChanges } from '../../../shared/admin/audit-contracts';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Alert, EmptyState, ErrorState, LoadingState } from '../../components/ui/feedback';
import { ApiError } from '../../lib/api-client';
import { formatLocalDateTime } from '../../lib/format-date-time';
import {
  type AuditFilterValues,
  downloadAuditCsv,
  noAuditFilters,
  useAuditFacets,
  useAuditList,
} from './api/audit-queries';
import './admin-audit.css';

function Changes({ entry }: { entry: AuditEntry }) {
  const before = describeChanges(entry.before);
  const after = describeChanges(entry.after);
  if (!before && !after) return <span className="muted">—</span>;
  return (
    <dl className="audit-changes">
      {before ? (
        <>
          <dt>Before</dt>
          <dd>{before}</dd>
        </>
      ) : null}
      {after ? (
        <>
          <dt>After</dt>
          <dd>{after}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** /admin/audit: every admin write and sign-in, newest first, with filters, paging and CSV export. */
export function AdminAuditPage() {
  const [draft, setDraft] = useState<AuditFilterValues>(noAuditFilters);
  const [filters, setFilters] = useState<AuditFilterValues>(noAuditFilters);
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState<string | null>(null);
  const [isExporting, setExporting] = useState(false);
  const list = useAuditList(filters, page);
  const facets = useAuditFacets();

  useEffect(() => {
    document.title = 'Audit log · Admin';
  }, []);

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;
  const isFiltered = Object.values(filters).some((value) => value.trim() !== '');
  const change = (key: keyof AuditFilterValues) => (value: string) => setDraft({ ...draft, [key]: value });

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadAuditCsv(filters);
    } catch (error) {
      setExportError(error instanceof ApiError ? error.message : 'The export failed. Try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="admin-audit">
      <div className="admin-page-header">
        <div>
          <h1>Audit log</h1>
          <p>Every change staff made, every sign-in and every failed sign-in. Entries cannot be changed.</p>
        </div>
        <Button variant="secondary" onClick={exportCsv} isBusy={isExporting}>
          Export CSV
        </Button>
      </div>
      {exportError ? <Alert tone="error">{exportError}</Alert> : null}

      <section className="admin-panel">
        <form
          className="audit-filters"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters(draft);
            setPage(1);
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor="audit-actor">
              Staff member
            </label>
            <select
              id="audit-actor"
              className="select"
              value={draft.actor}
              onChange={(event) => change('actor')(event.target.value)}
            >
              <option value="">Anyone</option>
              {facets.data?.actors.map((actor) => (
                <option key={actor.id} value={actor.id}>
                  {actor.name} ({actor.email})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="audit-action">
              Action
            </label>
            <select
              id="audit-action"
              className="select"
              value={draft.action}
              onChange={(event) => change('action')(event.target.value)}
            >
              <option value="">Any action</option>
              {facets.data?.actions.map((action) => (
                <option key={action} value={action}>
                  {auditActionLabel(action)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="audit-target-type">
              Target
            </label>
            <select
              id="audit-target-type"
              className="select"
              value={draft.target_type}
              onChange={(event) => change('target_type')(event.target.value)}
            >
              <option value="">Any target</option>
              {facets.data?.target_types.map((type) => (
                <option key={type} value={type}>
                  {type.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="audit-target-id">
              Target ID
            </label>
            <input
              id="audit-target-id"
              className="input"
              maxLength={200}
              value={draft.target_id}
              onChange={(event) => change('target_id')(event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="audit-from">
              From
            </label>
            <input
              id="audit-from"
              className="input"
              type="date"
              min="1900-01-01"
              max="2199-12-31"
              value={draft.from}
              onChange={(event) => change('from')(event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="audit-to">
              To
            </label>
            <input
              id="audit-to"
              className="input"
              type="date"
              min="1900-01-01"
              max="2199-12-31"
              value={draft.to}
              onChange={(event) => change('to')(event.target.value)}
            />
          </div>
          <div className="audit-filter-actions">
            <Button type="submit">Apply filters</Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(noAuditFilters);
                setFilters(noAuditFilters);
                setPage(1);
              }}
            >
              Clear
            </Button>
          </div>
        </form>

        {list.isPending ? <LoadingState /> : null}
        {list.isError ? (
          <ErrorState
            message={
              list.error instanceof ApiError ? list.error.message : 'The audit log could not be loaded.'
            }
          />
        ) : null}
        {list.data && list.data.entries.length === 0 ? (
          <EmptyState
            title={isFiltered ? 'No entries match these filters' : 'Nothing has been recorded yet'}
          />
        ) : null}
        {list.data && list.data.entries.length > 0 ? (
          <DataTable
            caption="Audit log entries"
            className="audit-table"
            isBusy={list.isFetching}
            rows={list.data.entries}
            rowKey={(entry) => entry.id}
            columns={[
              {
                key: 'action',
                label: 'Action',
                isTitle: true,
                cell: (entry) => <span className="audit-action">{auditActionLabel(entry.action)}</span>,
              },
              {
                key: 'time',
                label: 'Time',
                className: 'nowrap',
                cell: (entry) => formatLocalDateTime(entry.occurred_at),
              },
              {
                key: 'actor',
                label: 'Staff member',
                cell: (entry) =>
                  entry.actor ? (
                    <span className="audit-actor">{entry.actor.name ?? entry.actor.email}</span>
                  ) : (
                    <span className="muted">System</span>
                  ),
              },
              {
                key: 'target',
                label: 'Target',
                cell: (entry) => (
                  <span className="audit-target">
                    {entry.target_type.replaceAll('_', ' ')}
                    {entry.target_id ? <code>{entry.target_id}</code> : null}
                  </span>
                ),
              },
              { key: 'changes', label: 'Changes', cell: (entry) => <Changes entry={entry} /> },
              { key: 'ip', label: 'IP address', cell: (entry) => entry.ip_address ?? '—' },
            ]}
          />
        ) : null}
        {list.data && list.data.total > 0 ? (
          <div className="admin-pagination">
            <span>
              {list.data.total} {list.data.total === 1 ? 'entry' : 'entries'} · page {list.data.page} of{' '}
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
