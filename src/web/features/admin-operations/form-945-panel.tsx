/**
 * Backup withholding for Form 945 on /admin/tax (decision 1913): the year's total withheld from
 * interest (Form 945 line 1), by month for the deposits, and by investor, with a CSV of the
 * investors and the total. Every role that sees /admin/tax reads it.
 */
import { useState } from 'react';
import { formatUsd } from '../../../shared/format/money-format';
import { backupWithholdingReasonLabels } from '../../../shared/tax/backup-withholding';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Alert, EmptyState, ErrorState, LoadingState } from '../../components/ui/feedback';
import { downloadFireFile, useForm945 } from './api/operations-queries';

export function Form945Panel({ year }: { year: number }) {
  const report = useForm945(year);
  const [isDownloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setDownloading(true);
    setProblem(null);
    setProblem(
      await downloadFireFile(
        `/api/admin/tax/backup-withholding.csv?year=${year}`,
        `backup-withholding-${year}.csv`,
      ),
    );
    setDownloading(false);
  };
  return (
    <section className="admin-panel" aria-labelledby="form-945-heading">
      <h2 id="form-945-heading" className="operations-heading">
        Backup withholding for Form 945 ({year})
      </h2>
      {report.isPending ? <LoadingState /> : null}
      {report.isError ? <ErrorState message={report.error.message} /> : null}
      {report.data ? (
        report.data.investors.length === 0 ? (
          <EmptyState title={`Nothing withheld in ${year}`}>
            Interest is withheld from while an investor has no certified taxpayer ID or an open B notice.
          </EmptyState>
        ) : (
          <>
            <dl className="tax-figures">
              <div>
                <dt>Withheld (Form 945 line 1)</dt>
                <dd>{formatUsd(report.data.total_withheld)}</dd>
              </div>
              <div>
                <dt>From interest of</dt>
                <dd>{formatUsd(report.data.interest_amount)}</dd>
              </div>
              <div>
                <dt>Payments</dt>
                <dd>{report.data.payments}</dd>
              </div>
              <div>
                <dt>Investors</dt>
                <dd>{report.data.investors.length}</dd>
              </div>
            </dl>
            <div className="row tax-downloads">
              <Button size="sm" variant="secondary" isBusy={isDownloading} onClick={() => void download()}>
                Download CSV
              </Button>
            </div>
            {problem ? <Alert tone="error">{problem}</Alert> : null}
            <DataTable
              caption={`Backup withholding by month, ${year}`}
              rows={report.data.by_month}
              rowKey={(row) => row.month}
              columns={[
                { key: 'month', label: 'Month', isTitle: true, cell: (row) => row.month },
                {
                  key: 'withheld',
                  label: 'Withheld',
                  isNumeric: true,
                  cell: (row) => formatUsd(row.withheld),
                },
              ]}
            />
            <DataTable
              caption={`Backup withholding by investor, ${year}`}
              rows={report.data.investors}
              rowKey={(row) => row.investor_id}
              columns={[
                { key: 'name', label: 'Investor', isTitle: true, cell: (row) => row.name },
                {
                  key: 'tin',
                  label: 'TIN',
                  cell: (row) => (row.tin_last_four ? `•••-••-${row.tin_last_four}` : 'None'),
                },
                {
                  key: 'why',
                  label: 'Why',
                  cell: (row) =>
                    row.reasons.map((reason) => backupWithholdingReasonLabels[reason]).join('; '),
                },
                { key: 'payments', label: 'Payments', isNumeric: true, cell: (row) => String(row.payments) },
                {
                  key: 'withheld',
                  label: 'Withheld',
                  isNumeric: true,
                  cell: (row) => formatUsd(row.withheld),
                },
              ]}
            />
          </>
        )
      ) : null}
    </section>
  );
}
