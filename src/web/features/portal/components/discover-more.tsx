/**
 * Discover more (PRODUCT.md 20): the referral link and how many signed up with it, the
 * 1099-INT tax forms per year and a promissory note per investment, as PDF downloads.
 */
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ChevronIcon, DocumentIcon, DownloadIcon, GiftIcon } from '../../../components/ui/icons';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import type { DocumentListResponse } from '../../../../shared/portal/document-contracts';
import { TAX_FORM_THRESHOLD_TEXT } from '../../../../shared/portal/tax-form-threshold';
import type { OverviewResponse } from '../../../../shared/portal/portal-contracts';
import { TAX_INFORMATION_ANCHOR } from '../../../../shared/settings/tax-information-anchor';
import { purchaseReference } from '../../../../shared/portal/transaction-display';
import { investmentTypeLabel } from '../../../../shared/products/plans';
import { pageOrigin } from '../../../lib/server-render-context';
import { fetchDocuments, portalKeys, promissoryNoteUrl, taxFormUrl } from '../api/portal-api';

function DiscoverItem({
  icon,
  title,
  description,
  children,
  actionLabel,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  actionLabel: string;
  children: (isOpen: boolean) => ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="discover-item">
      <div className="discover-item-head">
        <span className="discover-icon">{icon}</span>
        <div className="discover-text">
          <p className="discover-title">{title}</p>
          <p className="discover-description">{description}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setOpen((open) => !open)}
        >
          {actionLabel}
          <ChevronIcon size={16} direction={isOpen ? 'up' : 'down'} />
        </Button>
      </div>
      <div id={panelId} hidden={!isOpen} className="discover-panel">
        {children(isOpen)}
      </div>
    </div>
  );
}

function ReferralPanel({ referral }: { referral: OverviewResponse['referral'] }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const link = `${pageOrigin()}${referral.path}`;
  return (
    <div className="stack">
      <div className="referral-link">
        <input
          className="input mono"
          readOnly
          value={link}
          aria-label="Your referral link"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          size="sm"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(link);
              setCopied('copied');
            } catch {
              setCopied('failed');
            }
          }}
        >
          {copied === 'copied' ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      {copied === 'failed' ? <p className="field-hint">Select the link and copy it yourself.</p> : null}
      <p className="muted discover-note">
        {referral.signups === 1 ? '1 friend has' : `${referral.signups} friends have`} signed up with your
        link.
      </p>
    </div>
  );
}

function DocumentsState({
  isOpen,
  children,
}: {
  isOpen: boolean;
  children: (data: DocumentListResponse) => ReactNode;
}) {
  const documents = useQuery({ queryKey: portalKeys.documents, queryFn: fetchDocuments, enabled: isOpen });
  if (!isOpen) return null;
  if (documents.isPending) return <p className="muted">Loading...</p>;
  if (documents.isError) return <p className="text-danger">{documents.error.message}</p>;
  return <>{children(documents.data)}</>;
}

export function DiscoverMore({ referral }: { referral: OverviewResponse['referral'] }) {
  return (
    <section className="card discover" aria-labelledby="discover-heading">
      <h2 id="discover-heading" className="card-title">
        Discover more
      </h2>
      <DiscoverItem
        icon={<GiftIcon />}
        title="Refer a friend"
        description="Share your personal link with friends who want steady income."
        actionLabel="Refer"
      >
        {() => <ReferralPanel referral={referral} />}
      </DiscoverItem>
      <DiscoverItem
        icon={<DocumentIcon />}
        title="Download tax form"
        description={`Form 1099-INT for each year with ${TAX_FORM_THRESHOLD_TEXT} of interest.`}
        actionLabel="Tax forms"
      >
        {(isOpen) => (
          <DocumentsState isOpen={isOpen}>
            {(data) =>
              !data.has_tax_record ? (
                <p className="muted">
                  We don’t have your tax details yet, so we can’t issue tax forms. Add them under{' '}
                  <Link to={`/settings?from=%2Faccount-overview#${TAX_INFORMATION_ANCHOR}`}>
                    Settings › Tax information
                  </Link>
                  .
                </p>
              ) : (
                <div className="stack">
                  {data.upcoming_tax_forms.map((form) => (
                    <p key={form.year} className="muted discover-note">
                      {form.message}
                    </p>
                  ))}
                  {data.tax_forms.length === 0 ? (
                    <p className="muted">
                      No tax forms yet. A 1099-INT is issued after the end of each year in which you earned{' '}
                      {TAX_FORM_THRESHOLD_TEXT} of interest.
                    </p>
                  ) : (
                    <ul className="document-list">
                      {data.tax_forms.map((form) => (
                        <li key={form.year}>
                          <a href={taxFormUrl(form.year)} download className="document-link">
                            <DownloadIcon size={18} />
                            <span>
                              {form.year} Form 1099-INT{' '}
                              <span className="muted">· {formatUsd(form.interest)} interest</span>
                            </span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )
            }
          </DocumentsState>
        )}
      </DiscoverItem>
      <DiscoverItem
        icon={<DocumentIcon />}
        title="Download promissory notes"
        description="The signed terms of each of your investments."
        actionLabel="Notes"
      >
        {(isOpen) => (
          <DocumentsState isOpen={isOpen}>
            {(data) =>
              data.promissory_notes.length === 0 ? (
                <p className="muted">You have no investments yet.</p>
              ) : (
                <ul className="document-list">
                  {data.promissory_notes.map((note) => (
                    <li key={note.investment_id}>
                      <a href={promissoryNoteUrl(note.investment_id)} download className="document-link">
                        <DownloadIcon size={18} />
                        <span>
                          {investmentTypeLabel(note.investment_type)} note{' '}
                          {purchaseReference(note.investment_id)}{' '}
                          <span className="muted">
                            · {formatUsd(note.principal_amount)} · {formatLongDate(note.start_date)}
                          </span>
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              )
            }
          </DocumentsState>
        )}
      </DiscoverItem>
    </section>
  );
}
