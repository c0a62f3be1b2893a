import { useEffect, useState } from 'react';
import { can } from '../../../shared/admin/permissions';
import {
  type AdminProduct,
  formatRatePercent,
  type ProductActiveFilter,
  productMessages,
} from '../../../shared/admin/product-contracts';
import { formatUsdWhole } from '../../../shared/format/money-format';
import { type InvestmentType, investmentTypeLabel, investmentTypes } from '../../../shared/products/plans';
import { DataTable } from '../../components/ui/data-table';
import { Button } from '../../components/ui/button';
import { Badge, EmptyState, ErrorState, LoadingState } from '../../components/ui/feedback';
import { Switch } from '../../components/ui/switch';
import { useAdminSession } from '../../lib/admin-session';
import { formatCalendarDate } from '../../lib/format-date-time';
import { useDebounced } from '../../lib/use-debounced';
import { type ProductListFilters, useProductList } from './api/admin-product-queries';
import { AuditLogModal } from './components/audit-log-modal';
import { ProductFormModal } from './components/product-form-modal';
import { ToggleConfirmModal } from './components/toggle-confirm-modal';
import './admin-products.css';

type OpenModal =
  | { kind: 'form'; product: AdminProduct | null }
  | { kind: 'toggle'; product: AdminProduct }
  | { kind: 'audit'; product: AdminProduct }
  | null;

function availability(product: AdminProduct): string {
  if (!product.available_from && !product.available_until) return 'Always';
  if (!product.available_until) return `From ${formatCalendarDate(product.available_from ?? '')}`;
  if (!product.available_from) return `Until ${formatCalendarDate(product.available_until)}`;
  return `${formatCalendarDate(product.available_from)} – ${formatCalendarDate(product.available_until)}`;
}

/** /admin/products: the catalogue with filters, server paging, the form, the toggle and the audit log. */
export function AdminProductsPage() {
  const { admin } = useAdminSession();
  const mayManage = can(admin?.role, 'products:manage');
  const [type, setType] = useState<InvestmentType | ''>('');
  const [active, setActive] = useState<ProductActiveFilter>('all');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [modal, setModal] = useState<OpenModal>(null);
  const debouncedText = useDebounced(text, 300);
  const filters: ProductListFilters = { page, type, active, text: debouncedText };
  const list = useProductList(filters);
  const isFiltered = type !== '' || active !== 'all' || debouncedText.trim() !== '';

  useEffect(() => {
    document.title = 'Products · Admin';
  }, []);

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  return (
    <div className="admin-products">
      <div className="admin-page-header">
        <div>
          <h1>Investment products</h1>
          <p>What investors can buy, at which rate and from when.</p>
        </div>
        {mayManage ? (
          <Button onClick={() => setModal({ kind: 'form', product: null })}>Create Product</Button>
        ) : null}
      </div>

      <section className="admin-panel">
        <fieldset className="product-filters">
          <legend className="visually-hidden">Filters</legend>
          <div className="field product-filter-text">
            <label className="field-label" htmlFor="product-filter-text">
              Search
            </label>
            <input
              id="product-filter-text"
              className="input"
              type="search"
              placeholder="Name or description"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setPage(1);
              }}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="product-filter-type">
              Type
            </label>
            <select
              id="product-filter-type"
              className="select"
              value={type}
              onChange={(event) => {
                const value = investmentTypes.find((option) => option === event.target.value);
                setType(value ?? '');
                setPage(1);
              }}
            >
              <option value="">All types</option>
              {investmentTypes.map((option) => (
                <option key={option} value={option}>
                  {investmentTypeLabel(option)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="product-filter-active">
              Status
            </label>
            <select
              id="product-filter-active"
              className="select"
              value={active}
              onChange={(event) => {
                const value = event.target.value;
                setActive(value === 'active' || value === 'inactive' ? value : 'all');
                setPage(1);
              }}
            >
              <option value="all">Active and inactive</option>
              <option value="active">Active only</option>
              <option value="inactive">Inactive only</option>
            </select>
          </div>
        </fieldset>

        {list.isPending ? <LoadingState /> : null}
        {list.isError ? <ErrorState message={productMessages.loadFailed} /> : null}
        {list.data && list.data.products.length === 0 ? (
          <EmptyState
            title={
              isFiltered && list.data.catalogue_size > 0
                ? productMessages.noMatches
                : productMessages.noProducts
            }
          />
        ) : null}
        {list.data && list.data.products.length > 0 ? (
          <DataTable
            caption="Investment products"
            className="product-table"
            isBusy={list.isFetching}
            rows={list.data.products}
            rowKey={(product) => product.id}
            columns={[
              {
                key: 'product',
                label: 'Product',
                isTitle: true,
                cell: (product) => (
                  <>
                    <div className="product-name">{product.display_name}</div>
                    {product.description ? (
                      <div className="product-description">{product.description}</div>
                    ) : null}
                  </>
                ),
              },
              {
                key: 'type',
                label: 'Type',
                cell: (product) => (
                  <Badge tone={product.investment_type === 'high_yield' ? 'accent' : 'neutral'}>
                    {investmentTypeLabel(product.investment_type)}
                  </Badge>
                ),
              },
              {
                key: 'rate',
                label: 'Rate',
                isNumeric: true,
                cell: (product) => formatRatePercent(product.interest_rate_annual),
              },
              {
                key: 'term',
                label: 'Term',
                isNumeric: true,
                cell: (product) => `${product.term_years} ${product.term_years === 1 ? 'year' : 'years'}`,
              },
              {
                key: 'minimum',
                label: 'Minimum',
                isNumeric: true,
                cell: (product) => formatUsdWhole(product.minimum_purchase_amount),
              },
              {
                key: 'available',
                label: 'Available',
                className: 'nowrap',
                cell: (product) => availability(product),
              },
              {
                key: 'active',
                label: 'Active',
                cell: (product) => (
                  <div className="product-active">
                    <Switch
                      checked={product.is_active}
                      label={`${product.display_name} active`}
                      disabled={!mayManage}
                      onChange={() => setModal({ kind: 'toggle', product })}
                    />
                    <span className="muted">{product.is_active ? 'Active' : 'Inactive'}</span>
                  </div>
                ),
              },
              {
                key: 'actions',
                label: 'Actions',
                isLabelHidden: true,
                className: 'product-actions-cell',
                cell: (product) => (
                  <div className="product-actions">
                    {mayManage ? (
                      <Button variant="ghost" size="sm" onClick={() => setModal({ kind: 'form', product })}>
                        Edit
                      </Button>
                    ) : null}
                    <Button variant="ghost" size="sm" onClick={() => setModal({ kind: 'audit', product })}>
                      Audit log
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        ) : null}
        {list.data && list.data.total > 0 ? (
          <div className="admin-pagination">
            <span>
              {list.data.total} {list.data.total === 1 ? 'product' : 'products'} · page {list.data.page} of{' '}
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

      {modal?.kind === 'form' ? (
        <ProductFormModal product={modal.product} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'toggle' ? (
        <ToggleConfirmModal product={modal.product} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'audit' ? (
        <AuditLogModal product={modal.product} onClose={() => setModal(null)} />
      ) : null}
    </div>
  );
}
