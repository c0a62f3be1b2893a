/**
 * /transparency (issue 27 section 2, PRODUCT.md 45): when the operator publishes it, what the
 * platform owes and the cash it holds, with no personal data: outstanding balances by plan, what
 * falls due month by month for 12 months, the latest cash recorded and the coverage, with their
 * dates, how each figure is worked out, and the digest note holders check their proofs against.
 */
import { useEffect, useState } from 'react';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import type { PublicTransparencyResponse } from '../../../../shared/liquidity/liquidity-contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { appConfig } from '../../../lib/app-config';
import { PageHero } from '../components/page-hero';
import { usePageTitle } from '../use-page-title';
import { formatCount } from '../../../../shared/format/en-us-text';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; data: PublicTransparencyResponse }
  | { state: 'off' }
  | { state: 'failed'; message: string };

function centsToDollars(cents: string): string {
  const padded = cents.padStart(3, '0');
  return `${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

export function TransparencyPage() {
  usePageTitle('Coverage');
  const { brandName } = appConfig();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<PublicTransparencyResponse>('/api/transparency', { signal: controller.signal })
      .then((data) => setLoad({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setLoad({ state: 'off' });
        else
          setLoad({
            state: 'failed',
            message: error instanceof Error ? error.message : 'Could not load the figures.',
          });
      });
    return () => controller.abort();
  }, []);
  return (
    <>
      <PageHero eyebrow="Transparency" title="What we owe, and the cash to pay it">
        {brandName} publishes its obligations to note holders against the cash it holds, every day, so you can
        see for yourself that interest and maturities are covered.
      </PageHero>
      <section className="section">
        <div className="container transparency">
          {load.state === 'loading' ? <LoadingState text="Loading the latest figures..." /> : null}
          {load.state === 'failed' ? <ErrorState message={load.message} /> : null}
          {load.state === 'off' ? (
            <EmptyState title="Not published">
              {brandName} has not published its coverage figures. Note holders can ask support for them.
            </EmptyState>
          ) : null}
          {load.state === 'ready' ? <Figures data={load.data} /> : null}
        </div>
      </section>
    </>
  );
}

function Figures({ data }: { data: PublicTransparencyResponse }) {
  const largest = data.obligations_by_month.reduce((most, month) => Math.max(most, Number(month.amount)), 0);
  return (
    <>
      <p className="transparency-dated">Figures of {formatLongDate(data.taken_on)}. Updated every morning.</p>
      <div className="transparency-cards">
        <article className="transparency-card">
          <h2>Owed to note holders</h2>
          <p className="transparency-figure">{formatUsd(data.total_outstanding)}</p>
          <ul>
            {data.outstanding_by_plan.map((plan) => (
              <li key={plan.plan}>
                <span>
                  {plan.label} <span className="transparency-muted">({formatCount(plan.notes)} notes)</span>
                </span>
                <span>{formatUsd(plan.principal)}</span>
              </li>
            ))}
          </ul>
        </article>
        <article className="transparency-card">
          <h2>Cash held</h2>
          <p className="transparency-figure">{formatUsd(data.cash.total)}</p>
          <p className="transparency-muted">
            {data.cash.as_of
              ? `Operating and reserve accounts; the oldest balance is of ${formatLongDate(data.cash.as_of)}.`
              : 'No balance recorded yet.'}
          </p>
        </article>
        <article className="transparency-card">
          <h2>Coverage, next {data.coverage.horizon_days} days</h2>
          <p className="transparency-figure">{data.coverage.ratio ?? 'Nothing due'}</p>
          <p className="transparency-muted">
            {data.coverage.first_short_month
              ? `Cash and known inflows first fall short of what is due in ${data.obligations_by_month.find((month) => month.month === data.coverage.first_short_month)?.label ?? data.coverage.first_short_month}.`
              : 'Cash and known inflows cover everything due in the next 12 months.'}
          </p>
        </article>
      </div>
      <h2 className="transparency-heading">What falls due, month by month</h2>
      <ol className="transparency-months">
        {data.obligations_by_month.map((month) => (
          <li key={month.month}>
            <span className="transparency-month">{month.label}</span>
            <span className="transparency-bar" aria-hidden="true">
              <span
                style={{
                  width: `${largest > 0 && Number(month.amount) > 0 ? Math.max(1, (Number(month.amount) / largest) * 100) : 0}%`,
                }}
              />
            </span>
            <span className="transparency-amount">{formatUsd(month.amount)}</span>
          </li>
        ))}
      </ol>
      <h2 className="transparency-heading">How the figures are worked out</h2>
      <div className="prose transparency-method">
        <ul>
          <li>
            <strong>Owed to note holders</strong> is every active note’s balance from our ledger: principal,
            plus interest credited to the note, less transfers out.
          </li>
          <li>
            <strong>What falls due</strong> is, for each month: Standard-plan interest paid out, High-Yield
            notes reaching maturity (principal and interest) less the part expected to roll over into a new
            note, transfers investors have requested, and returned payments we still owe. Interest uses the
            same rules as our ledger: simple interest, Actual/365, rounded to the cent when paid.
          </li>
          <li>
            <strong>Cash held</strong> is the latest balance our staff recorded for each operating and reserve
            account, on the date shown. <strong>Coverage</strong> is that cash plus payments already on their
            way in, divided by what falls due over the next {data.coverage.horizon_days} days.
          </li>
        </ul>
        <h3>Check that your notes are counted</h3>
        <p>
          Every note’s balance is split into random parts, each sealed with a secret salt, and combined into a
          Merkle sum tree: each branch commits to the totals below it, so the tree’s root fixes the total
          above and no note can be left out or changed without changing it. Note holders find the proof for
          their own notes on their Documents page; it checks in the browser against this digest and shows no
          one else’s balance.
        </p>
        <dl className="transparency-digest">
          <div>
            <dt>Root</dt>
            <dd>
              <code>{data.digest.root_hash}</code>
            </dd>
          </div>
          <div>
            <dt>Total in the tree</dt>
            <dd>
              {formatUsd(centsToDollars(data.digest.total_cents))} over {formatCount(data.digest.note_count)}{' '}
              notes ({formatCount(data.digest.leaf_count)} parts)
            </dd>
          </div>
        </dl>
      </div>
    </>
  );
}
