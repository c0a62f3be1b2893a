import { DataTable } from '../../../components/ui/data-table';
import { useState } from 'react';
import { humanizeCode } from '../../../../shared/admin/display';
import {
  type AdminProduct,
  formatRatePercent,
  type ProductAuditEntry,
  productMessages,
} from '../../../../shared/admin/product-contracts';
import { formatUsd } from '../../../../shared/format/money-format';
import { investmentTypeLabel } from '../../../../shared/products/plans';
import { Button } from '../../../components/ui/button';
import { Badge, EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { Modal } from '../../../components/ui/modal';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { useProductAudit } from '../api/admin-product-queries';

const actionTone = {
  created: 'accent',
  updated: 'neutral',
  activated: 'success',
  deactivated: 'danger',
} as const;

const fieldLabels: Record<string, string> = {
  display_name: 'Name',
  investment_type: 'Type',
  description: 'Description',
  interest_rate_annual: 'Annual rate',
  term_years: 'Term (years)',
  minimum_purchase_amount: 'Minimum investment',
  available_from: 'Available from',
  available_until: 'Available until',
  is_active: 'Active',
};

/** Values as the admin entered them: the rate as a percent, money in dollars, the type by name. */
function showValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = String(value);
  if (key === 'interest_rate_annual') return formatRatePercent(text);
  if (key === 'minimum_purchase_amount') return formatUsd(text);
  if (key === 'investment_type') return investmentTypeLabel(text);
  return text;
}

/** Who changed what and when (admin spec 2, 3): old and new values of each change. */
export function AuditLogModal({ product, onClose }: { product: AdminProduct; onClose(): void }) {
  const [page, setPage] = useState(1);
  const audit = useProductAudit(product.id, page);
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.page_size)) : 1;
  return (
    <Modal
      title={`Audit log: ${product.display_name}`}
      onClose={onClose}
      wide
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {audit.isPending ? <LoadingState /> : null}
      {audit.isError ? <ErrorState message={audit.error.message} /> : null}
      {audit.data && audit.data.entries.length === 0 ? (
        <EmptyState title={productMessages.noAuditLogs} />
      ) : null}
      {audit.data && audit.data.entries.length > 0 ? (
        <ol className="audit-list">
          {audit.data.entries.map((entry) => (
            <AuditEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      ) : null}
      {pages > 1 ? (
        <div className="row audit-pages">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span className="muted">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}

function AuditEntry({ entry }: { entry: ProductAuditEntry }) {
  const order = Object.keys(fieldLabels);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = [
    ...new Set([...Object.keys(entry.old_values ?? {}), ...Object.keys(entry.new_values ?? {})]),
  ].sort((left, right) => rank(left) - rank(right));
  const who = entry.admin ? `${entry.admin.first_name} ${entry.admin.last_name}` : 'A removed admin';
  return (
    <li className="audit-entry">
      <div className="audit-entry-header">
        <Badge tone={actionTone[entry.action]}>{humanizeCode(entry.action)}</Badge>
        <span className="audit-who">
          {who}
          {entry.admin ? <span className="muted"> · {entry.admin.email}</span> : null}
        </span>
        <time className="muted audit-when" dateTime={entry.created_at}>
          {formatLocalDateTime(entry.created_at)}
        </time>
      </div>
      {keys.length > 0 ? (
        <DataTable
          caption="Changed fields"
          className="audit-values"
          rows={keys}
          rowKey={(key) => key}
          columns={[
            { key: 'field', label: 'Field', cell: (key) => fieldLabels[key] ?? humanizeCode(key) },
            {
              key: 'old',
              label: 'Old value',
              className: 'audit-old',
              cell: (key) => showValue(key, entry.old_values?.[key]),
            },
            { key: 'new', label: 'New value', cell: (key) => showValue(key, entry.new_values?.[key]) },
          ]}
        />
      ) : null}
    </li>
  );
}
