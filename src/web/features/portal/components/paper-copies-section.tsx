/**
 * Paper copies on the Documents page (decision 1924): how tax forms reach the investor, a paper
 * copy of a year's Form 1099-INT on request (mailed with the next batch), and what was asked for
 * or mailed, with the date.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { PaperCopyView } from '../../../../shared/consents/consent-contracts';
import { formatLongDate } from '../../../../shared/format/long-date';
import {
  consentKeys,
  fetchConsents,
  fetchPaperCopies,
  requestPaperCopy,
} from '../../../components/electronic-consent/consent-api';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Alert, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { SelectField } from '../../../components/ui/field';

const reasonLabels: Record<PaperCopyView['reason'], string> = {
  requested: 'You asked for it',
  no_consent: 'Tax forms by mail',
  consent_withdrawn: 'Records by mail',
};

export function PaperCopiesSection({ taxYears }: { taxYears: number[] }) {
  const queryClient = useQueryClient();
  const consents = useQuery({ queryKey: consentKeys.status, queryFn: fetchConsents });
  const copies = useQuery({ queryKey: consentKeys.paperCopies, queryFn: fetchPaperCopies });
  const [year, setYear] = useState<string>(taxYears[0] ? String(taxYears[0]) : '');
  const [isSending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    if (!year) return;
    setSending(true);
    setOutcome(null);
    try {
      const next = await requestPaperCopy(Number(year));
      queryClient.setQueryData(consentKeys.paperCopies, next);
      const address = consents.data?.mailing_address;
      setOutcome({
        tone: 'success',
        text: `We will mail a paper copy of your ${year} Form 1099-INT${address ? ` to ${address.join(', ')}` : ''} with our next mailing.`,
      });
    } catch (error) {
      setOutcome({
        tone: 'error',
        text: error instanceof Error ? error.message : 'An unexpected error occurred',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="card documents-section" aria-labelledby="paper-copies-heading">
      <h2 id="paper-copies-heading" className="card-title">
        Paper copies
      </h2>
      {consents.isPending || copies.isPending ? (
        <LoadingState text="Loading your paper copies..." />
      ) : consents.isError || copies.isError ? (
        <ErrorState
          title="We couldn’t load your paper copies"
          message={(consents.error ?? copies.error)?.message ?? 'An unexpected error occurred'}
        />
      ) : (
        <>
          <p className="muted documents-description">
            {consents.data.tax_forms.is_current
              ? 'Your tax forms come electronically, here. You can still ask for a paper copy, free of charge.'
              : 'We mail your tax forms to you on paper. '}
            {consents.data.tax_forms.is_current ? null : (
              <Link to="/settings?from=%2Fdocuments#electronic-delivery">
                Get them electronically instead
              </Link>
            )}
          </p>
          {taxYears.length > 0 ? (
            <form className="paper-copy-form" onSubmit={ask}>
              <SelectField label="Tax form" value={year} onChange={(event) => setYear(event.target.value)}>
                {taxYears.map((taxYear) => (
                  <option key={taxYear} value={taxYear}>
                    {taxYear} Form 1099-INT
                  </option>
                ))}
              </SelectField>
              <Button type="submit" variant="secondary" isBusy={isSending}>
                Request a paper copy
              </Button>
            </form>
          ) : (
            <p className="muted">When you have a tax form you can ask for a paper copy of it here.</p>
          )}
          {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
          {copies.data.paper_copies.length > 0 ? (
            <DataTable
              caption="Paper copies"
              rows={copies.data.paper_copies}
              rowKey={(row) => row.id}
              columns={[
                { key: 'title', label: 'Document', isTitle: true, cell: (row) => row.title },
                { key: 'reason', label: 'Why', cell: (row) => reasonLabels[row.reason] },
                {
                  key: 'status',
                  label: 'Status',
                  cell: (row) =>
                    row.mailed_on
                      ? `Mailed ${formatLongDate(row.mailed_on)}`
                      : 'Waiting for the next mailing',
                },
              ]}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
