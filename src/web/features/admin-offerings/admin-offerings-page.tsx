/**
 * /admin/offerings (issue 26 section 1): every offering with its exemption, status, 12-month
 * sales and what is left under its cap, an alert near the cap (OFFERING_CAP_ALERT_PERCENT);
 * one offering's circular versions, products and capacity by day. super_admin and operations
 * edit and upload; support reads.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { can } from '../../../shared/admin/permissions';
import { formatUsd, formatUsdWhole } from '../../../shared/format/money-format';
import {
  type AdminOffering,
  type OfferingInput,
  offeringInputSchema,
} from '../../../shared/offerings/offering-contracts';
import {
  defaultMaximumPer12Months,
  type Exemption,
  exemptionLabels,
  exemptions,
  type OfferingStatus,
  offeringStatuses,
  offeringStatusLabels,
} from '../../../shared/offerings/offering-rules';
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
import { Checkbox, SelectField, TextField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useAdminSession } from '../../lib/admin-session';
import { formatCalendarDate, formatLocalDateTime } from '../../lib/format-date-time';
import { openAdminFile } from '../../lib/admin-api';
import {
  useMoveProducts,
  useOfferingDetail,
  useOfferings,
  useSaveOffering,
  useUploadCircular,
} from './api/admin-offering-queries';
import './admin-offerings.css';

const statusTones: Record<OfferingStatus, BadgeTone> = {
  open: 'success',
  paused: 'warning',
  closed: 'neutral',
};

function CapacityCell({ offering }: { offering: AdminOffering }) {
  if (offering.maximum_per_12_months === null) return <span className="muted">No cap</span>;
  return (
    <div className="offering-capacity">
      <div>
        {formatUsdWhole(offering.left_12_months ?? '0')} left of{' '}
        {formatUsdWhole(offering.maximum_per_12_months)}
      </div>
      {/* The text above says the same; the bar is only a picture of it. */}
      <div className="offering-meter" aria-hidden="true">
        <span
          className={offering.is_near_cap ? 'offering-meter-fill is-near' : 'offering-meter-fill'}
          style={{ width: `${Math.min(offering.used_percent ?? 0, 100)}%` }}
        />
      </div>
    </div>
  );
}

function OfferingForm({ offering, onClose }: { offering: AdminOffering | null; onClose(): void }) {
  const save = useSaveOffering();
  const [values, setValues] = useState<OfferingInput>({
    name: offering?.name ?? '',
    exemption: offering?.exemption ?? 'reg_a_tier_2',
    qualification_date: offering?.qualification_date ?? '',
    maximum_per_12_months: offering ? offering.maximum_per_12_months : defaultMaximumPer12Months.reg_a_tier_2,
    status: offering?.status ?? 'open',
    requires_accreditation_evidence: offering?.requires_accreditation_evidence ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = offeringInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    await save.mutateAsync({
      id: offering?.id ?? null,
      offering: values,
      updatedAt: offering?.updated_at ?? null,
    });
    onClose();
  };

  return (
    <Modal title={offering ? `Edit ${offering.name}` : 'New offering'} onClose={onClose}>
      <form
        className="offering-form"
        onSubmit={(event) => void submit(event).catch(() => undefined)}
        noValidate
      >
        <TextField
          label="Name"
          value={values.name}
          maxLength={120}
          error={errors.name ?? null}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
        <SelectField
          label="Exemption"
          value={values.exemption}
          onChange={(event) => {
            const exemption = event.target.value as Exemption;
            setValues({
              ...values,
              exemption,
              maximum_per_12_months: offering
                ? values.maximum_per_12_months
                : defaultMaximumPer12Months[exemption],
            });
          }}
        >
          {exemptions.map((value) => (
            <option key={value} value={value}>
              {exemptionLabels[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Qualification date"
          type="date"
          value={values.qualification_date ?? ''}
          error={errors.qualification_date ?? null}
          onChange={(event) => setValues({ ...values, qualification_date: event.target.value })}
        />
        <TextField
          label="Maximum per rolling 12 months (USD)"
          hint="Regulation A Tier 2 allows up to $75,000,000; Tier 1 up to $20,000,000. Leave empty for no cap."
          inputMode="decimal"
          maxLength={20}
          value={values.maximum_per_12_months ?? ''}
          error={errors.maximum_per_12_months ?? null}
          onChange={(event) => setValues({ ...values, maximum_per_12_months: event.target.value || null })}
        />
        <SelectField
          label="Status"
          value={values.status}
          onChange={(event) => setValues({ ...values, status: event.target.value as OfferingStatus })}
        >
          {offeringStatuses.map((value) => (
            <option key={value} value={value}>
              {offeringStatusLabels[value]}
            </option>
          ))}
        </SelectField>
        <Checkbox
          label="Accredited investors must upload proof of accreditation before buying"
          checked={values.requires_accreditation_evidence}
          onChange={(event) =>
            setValues({ ...values, requires_accreditation_evidence: event.target.checked })
          }
        />
        {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
        <div className="modal-footer">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isBusy={save.isPending}>
            Save offering
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function MoveProduct({
  offeringId,
  candidates,
}: {
  offeringId: string;
  candidates: { id: string; display_name: string; offering_name: string }[];
}) {
  const move = useMoveProducts(offeringId);
  const [productId, setProductId] = useState('');
  if (candidates.length === 0) return null;
  return (
    <div className="offering-move">
      <SelectField
        label="Move a product into this offering"
        value={productId}
        onChange={(event) => setProductId(event.target.value)}
      >
        <option value="">Choose a product</option>
        {candidates.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.display_name} (now in {candidate.offering_name})
          </option>
        ))}
      </SelectField>
      {move.isError ? <Alert tone="error">{move.error.message}</Alert> : null}
      <Button
        variant="secondary"
        size="sm"
        disabled={!productId}
        isBusy={move.isPending}
        onClick={() => move.mutate([productId], { onSuccess: () => setProductId('') })}
      >
        Move here
      </Button>
    </div>
  );
}

function OfferingDetail({ id, canManage }: { id: string; canManage: boolean }) {
  const detail = useOfferingDetail(id);
  const upload = useUploadCircular(id);
  const [fileError, setFileError] = useState<string | null>(null);
  if (detail.isPending) return <LoadingState text="Loading the offering..." />;
  if (detail.isError) return <ErrorState message={detail.error.message} />;
  const { offering, circulars, products, other_products: others, capacity_by_day: days } = detail.data;
  const open = (version: number) =>
    openAdminFile(`/api/admin/offerings/${id}/circulars/${version}`).catch((error: Error) =>
      setFileError(error.message),
    );
  return (
    <section className="card offering-detail" aria-labelledby="offering-detail-heading">
      <h2 id="offering-detail-heading">{offering.name}</h2>
      <div className="offering-detail-grid">
        <div>
          <h3>Offering circular</h3>
          {circulars.length === 0 ? (
            <p className="muted">
              No circular yet. Investors are asked to acknowledge it once one is uploaded.
            </p>
          ) : (
            <ul className="offering-circulars">
              {circulars.map((circular, index) => (
                <li key={circular.id}>
                  <Button variant="link" onClick={() => void open(circular.version)}>
                    Version {circular.version}: {circular.file_name}
                  </Button>{' '}
                  {index === 0 ? <Badge tone="accent">Current</Badge> : null}
                  <div className="muted">
                    {formatLocalDateTime(circular.uploaded_at)}
                    {circular.uploaded_by_email ? ` by ${circular.uploaded_by_email}` : ''} ·{' '}
                    {Math.ceil(circular.byte_size / 1024)} KB
                  </div>
                </li>
              ))}
            </ul>
          )}
          {fileError ? <Alert tone="error">{fileError}</Alert> : null}
          {upload.isError ? <Alert tone="error">{upload.error.message}</Alert> : null}
          {upload.isSuccess ? (
            <Alert tone="success">
              Uploaded. Investors acknowledge the new version before their next purchase.
            </Alert>
          ) : null}
          {canManage ? (
            <label className="btn btn-secondary btn-sm offering-upload">
              {upload.isPending ? 'Uploading...' : 'Upload a new version (PDF)'}
              <input
                type="file"
                accept="application/pdf"
                className="visually-hidden"
                disabled={upload.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) upload.mutate(file, { onSuccess: () => void detail.refetch() });
                  event.target.value = '';
                }}
              />
            </label>
          ) : null}
          <h3>Products</h3>
          {products.length === 0 ? (
            <p className="muted">No products in this offering.</p>
          ) : (
            <ul className="offering-products">
              {products.map((product) => (
                <li key={product.id}>
                  {product.display_name} {product.is_active ? null : <Badge>Inactive</Badge>}
                </li>
              ))}
            </ul>
          )}
          {canManage ? <MoveProduct offeringId={id} candidates={others} /> : null}
        </div>
        <div>
          <h3>Capacity by day</h3>
          <DataTable
            caption={`Sales of ${offering.name}, last 30 days`}
            rows={days.filter((day, index) => index < 7 || day.sold !== '0.00')}
            rowKey={(day) => day.day}
            columns={[
              { key: 'day', label: 'Day', isTitle: true, cell: (day) => formatCalendarDate(day.day) },
              { key: 'sold', label: 'Sold that day', isNumeric: true, cell: (day) => formatUsd(day.sold) },
              {
                key: 'year',
                label: 'Sold in 12 months',
                isNumeric: true,
                cell: (day) => formatUsdWhole(day.sold_12_months),
              },
              {
                key: 'left',
                label: 'Left',
                isNumeric: true,
                cell: (day) => (day.left === null ? 'No cap' : formatUsdWhole(day.left)),
              },
            ]}
          />
        </div>
      </div>
    </section>
  );
}

export function AdminOfferingsPage() {
  const { admin } = useAdminSession();
  const canManage = can(admin?.role, 'offerings:manage');
  const list = useOfferings();
  const [editing, setEditing] = useState<AdminOffering | 'new' | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Offerings · Admin';
  }, []);

  const offerings = list.data?.offerings ?? [];
  const nearCap = offerings.filter((offering) => offering.is_near_cap);
  const shown = selected ?? offerings[0]?.id ?? null;

  return (
    <div className="admin-offerings">
      <div className="admin-page-header">
        <div>
          <h1>Offerings</h1>
          <p>Each product is sold under one offering, within its exemption and its 12-month maximum.</p>
        </div>
        {canManage ? <Button onClick={() => setEditing('new')}>New offering</Button> : null}
      </div>
      {nearCap.map((offering) => (
        <Alert key={offering.id} tone="warning">
          {offering.name} has sold {offering.used_percent}% of its 12-month maximum (alert at{' '}
          {list.data?.alert_percent}%): {formatUsdWhole(offering.left_12_months ?? '0')} left.
        </Alert>
      ))}
      {list.isPending ? <LoadingState text="Loading offerings..." /> : null}
      {list.isError ? <ErrorState message={list.error.message} /> : null}
      {list.data && offerings.length === 0 ? (
        <EmptyState title="No offerings yet">Create one, then move products into it.</EmptyState>
      ) : null}
      {offerings.length > 0 ? (
        <DataTable
          caption="Offerings"
          rows={offerings}
          rowKey={(offering) => offering.id}
          columns={[
            {
              key: 'name',
              label: 'Offering',
              isTitle: true,
              cell: (offering) => (
                <Button
                  variant="link"
                  onClick={() => setSelected(offering.id)}
                  aria-pressed={offering.id === shown}
                >
                  {offering.name}
                </Button>
              ),
            },
            { key: 'exemption', label: 'Exemption', cell: (offering) => exemptionLabels[offering.exemption] },
            {
              key: 'status',
              label: 'Status',
              cell: (offering) => (
                <Badge tone={statusTones[offering.status]}>{offeringStatusLabels[offering.status]}</Badge>
              ),
            },
            {
              key: 'qualified',
              label: 'Qualified',
              cell: (offering) =>
                offering.qualification_date ? formatCalendarDate(offering.qualification_date) : '—',
            },
            {
              key: 'sold',
              label: 'Sold, 12 months',
              isNumeric: true,
              cell: (offering) => formatUsdWhole(offering.sold_12_months),
            },
            { key: 'capacity', label: 'Capacity', cell: (offering) => <CapacityCell offering={offering} /> },
            {
              key: 'circular',
              label: 'Circular',
              cell: (offering) =>
                offering.current_circular ? `Version ${offering.current_circular.version}` : 'None yet',
            },
            ...(canManage
              ? [
                  {
                    key: 'actions',
                    label: 'Actions',
                    isLabelHidden: true,
                    cell: (offering: AdminOffering) => (
                      <Button variant="secondary" size="sm" onClick={() => setEditing(offering)}>
                        Edit
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      {shown ? <OfferingDetail key={shown} id={shown} canManage={canManage} /> : null}
      {editing ? (
        <OfferingForm offering={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
