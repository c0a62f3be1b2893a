/**
 * /documents (issue 17 item 3): monthly statements, 1099-INT tax forms, promissory notes and
 * the signed agreements, each a PDF download served to its owner only.
 */
import '../portal.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { DownloadIcon } from '../../../components/ui/icons';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import type { DocumentListResponse } from '../../../../shared/portal/document-contracts';
import { statementMonthLabel } from '../../../../shared/portal/statement-months';
import { TAX_FORM_THRESHOLD_TEXT } from '../../../../shared/portal/tax-form-threshold';
import { purchaseReference } from '../../../../shared/portal/transaction-display';
import { investmentTypeLabel } from '../../../../shared/products/plans';
import { TAX_INFORMATION_ANCHOR } from '../../../../shared/settings/tax-information-anchor';
import {
  fetchCoverageProof,
  fetchDocuments,
  portalKeys,
  promissoryNoteUrl,
  signedAgreementUrl,
  statementUrl,
  taxFormUrl,
} from '../api/portal-api';
import { CoverageProof } from '../components/coverage-proof';
import { PaperCopiesSection } from '../components/paper-copies-section';
import { usePageTitle } from '../hooks/use-page-title';

function DownloadLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download className="document-link">
      <DownloadIcon size={18} />
      <span>{label}</span>
    </a>
  );
}

function DocumentSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="card documents-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="card-title">
        {title}
      </h2>
      <p className="muted documents-description">{description}</p>
      {children}
    </section>
  );
}

function Statements({ statements }: { statements: DocumentListResponse['statements'] }) {
  if (statements.length === 0) {
    return (
      <EmptyState title="No statements yet">
        Your first statement arrives on the first business day of the month after you invest.
      </EmptyState>
    );
  }
  return (
    <DataTable
      caption="Monthly statements"
      rows={statements}
      rowKey={(row) => row.month}
      columns={[
        { key: 'month', label: 'Month', isTitle: true, cell: (row) => statementMonthLabel(row.month) },
        {
          key: 'opening',
          label: 'Opening balance',
          isNumeric: true,
          cell: (row) => formatUsd(row.opening_balance),
        },
        {
          key: 'closing',
          label: 'Closing balance',
          isNumeric: true,
          cell: (row) => formatUsd(row.closing_balance),
        },
        {
          key: 'download',
          label: 'Download',
          isLabelHidden: true,
          cell: (row) => (
            <DownloadLink
              href={statementUrl(row.month)}
              label={`Statement, ${statementMonthLabel(row.month)} (PDF)`}
            />
          ),
        },
      ]}
    />
  );
}

function TaxForms({ data }: { data: DocumentListResponse }) {
  if (!data.has_tax_record) {
    return (
      <EmptyState title="We need your tax details">
        We can’t issue tax forms without them. Add them under{' '}
        <Link to={`/settings?from=%2Fdocuments#${TAX_INFORMATION_ANCHOR}`}>Settings › Tax information</Link>.
      </EmptyState>
    );
  }
  const upcoming =
    data.upcoming_tax_forms.length > 0 ? (
      <ul className="upcoming-tax-forms">
        {data.upcoming_tax_forms.map((form) => (
          <li key={form.year}>{form.message}</li>
        ))}
      </ul>
    ) : null;
  if (data.tax_forms.length === 0) {
    return (
      <>
        {upcoming}
        <EmptyState title="No tax forms yet">
          A 1099-INT is issued after the end of each year in which you earned {TAX_FORM_THRESHOLD_TEXT} of
          interest.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {upcoming}
      <DataTable
        caption="Tax forms"
        rows={data.tax_forms}
        rowKey={(row) => String(row.year)}
        columns={[
          { key: 'year', label: 'Tax year', isTitle: true, cell: (row) => `${row.year} Form 1099-INT` },
          { key: 'interest', label: 'Interest', isNumeric: true, cell: (row) => formatUsd(row.interest) },
          {
            key: 'download',
            label: 'Download',
            isLabelHidden: true,
            cell: (row) => <DownloadLink href={taxFormUrl(row.year)} label={`1099-INT ${row.year} (PDF)`} />,
          },
        ]}
      />
    </>
  );
}

function PromissoryNotes({ notes }: { notes: DocumentListResponse['promissory_notes'] }) {
  if (notes.length === 0) {
    return <EmptyState title="No notes yet">Each note you buy comes with its promissory note.</EmptyState>;
  }
  return (
    <DataTable
      caption="Promissory notes"
      rows={notes}
      rowKey={(row) => row.investment_id}
      columns={[
        {
          key: 'note',
          label: 'Note',
          isTitle: true,
          cell: (row) =>
            `${investmentTypeLabel(row.investment_type)} note ${purchaseReference(row.investment_id)}`,
        },
        { key: 'start', label: 'Start date', cell: (row) => formatLongDate(row.start_date) },
        {
          key: 'principal',
          label: 'Principal',
          isNumeric: true,
          cell: (row) => formatUsd(row.principal_amount),
        },
        {
          key: 'download',
          label: 'Download',
          isLabelHidden: true,
          cell: (row) => (
            <DownloadLink
              href={promissoryNoteUrl(row.investment_id)}
              label={`Promissory note ${purchaseReference(row.investment_id)} (PDF)`}
            />
          ),
        },
      ]}
    />
  );
}

function SignedAgreements({ agreements }: { agreements: DocumentListResponse['signed_agreements'] }) {
  if (agreements.length === 0) {
    return (
      <EmptyState title="No signed agreements yet">
        The agreement you accept with each purchase appears here.
      </EmptyState>
    );
  }
  return (
    <DataTable
      caption="Signed agreements"
      rows={agreements}
      rowKey={(row) => `${row.kind}-${row.investment_id}`}
      columns={[
        {
          key: 'agreement',
          label: 'Agreement',
          isTitle: true,
          cell: (row) =>
            `${row.kind === 'purchase' ? 'Purchase' : 'Conversion'} of note ${purchaseReference(row.investment_id)}`,
        },
        { key: 'accepted', label: 'Accepted', cell: (row) => formatLocalDateTime(row.accepted_at) },
        { key: 'version', label: 'Version', cell: (row) => row.agreement_version },
        {
          key: 'download',
          label: 'Download',
          isLabelHidden: true,
          cell: (row) => (
            <DownloadLink
              href={signedAgreementUrl(row.investment_id)}
              label={`Agreement ${purchaseReference(row.investment_id)} (PDF)`}
            />
          ),
        },
      ]}
    />
  );
}

/** Shown only while the coverage page is published. */
function CoverageProofSection() {
  const proof = useQuery({ queryKey: portalKeys.coverageProof, queryFn: fetchCoverageProof });
  if (!proof.data?.published) return null;
  return (
    <DocumentSection
      id="coverage-proof"
      title="Your notes are counted"
      description="Check that each of your notes is in the total our public coverage page publishes. The check runs in your browser and shows no one else’s balance."
    >
      <CoverageProof />
    </DocumentSection>
  );
}

export function DocumentsPage() {
  usePageTitle('Documents');
  const documents = useQuery({ queryKey: portalKeys.documents, queryFn: fetchDocuments });
  return (
    <div className="portal-page">
      <header className="page-head">
        <p className="eyebrow">Documents</p>
        <h1>Your documents</h1>
      </header>
      {documents.isPending ? (
        <LoadingState text="Loading your documents..." />
      ) : documents.isError ? (
        <ErrorState title="We couldn’t load your documents" message={documents.error.message} />
      ) : (
        <>
          <DocumentSection
            id="statements"
            title="Monthly statements"
            description="Your balance, purchases, interest and transfers for each month, issued on the first business day of the next."
          >
            <Statements statements={documents.data.statements} />
          </DocumentSection>
          <DocumentSection
            id="tax-forms"
            title="Tax forms"
            description={`Form 1099-INT for each year with ${TAX_FORM_THRESHOLD_TEXT} of interest.`}
          >
            <TaxForms data={documents.data} />
          </DocumentSection>
          <PaperCopiesSection taxYears={documents.data.tax_forms.map((form) => form.year)} />
          <DocumentSection
            id="promissory-notes"
            title="Promissory notes"
            description="The terms of each of your notes."
          >
            <PromissoryNotes notes={documents.data.promissory_notes} />
          </DocumentSection>
          <CoverageProofSection />
          <DocumentSection
            id="agreements"
            title="Signed agreements"
            description="The Perpetual Note Agreement as you accepted it, with the time and version."
          >
            <SignedAgreements agreements={documents.data.signed_agreements} />
          </DocumentSection>
        </>
      )}
    </div>
  );
}
