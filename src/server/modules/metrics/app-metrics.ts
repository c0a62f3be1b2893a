/**
 * Prometheus metrics of one app instance (issue 16.6, decision 1602), in a registry of its own
 * (tests build several apps in one process). Request and job figures are counted as they happen;
 * payment states, campaign progress and the database pool are read when Prometheus scrapes.
 */
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';

export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status_code'>;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  jobRuns: Counter<'function_name' | 'outcome'>;
  jobDuration: Histogram<'function_name' | 'outcome'>;
}

const metricsByContext = new WeakMap<AppContext, AppMetrics>();

function createAppMetrics(context: AppContext): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'steadyline_' });
  const httpRequests = new Counter({
    name: 'steadyline_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'steadyline_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'steadyline_job_runs_total',
    help: 'Recorded job runs finished, by job function and outcome',
    labelNames: ['function_name', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'steadyline_job_run_duration_seconds',
    help: 'Duration of recorded job runs, by job function and outcome',
    labelNames: ['function_name', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 300, 900, 3600],
    registers: [registry],
  });
  new Gauge({
    name: 'steadyline_ach_payments',
    help: 'ACH payments by type and state (read from the database at scrape)',
    labelNames: ['payment_type', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ payment_type: string; status: string; count: number }>(
        await context.db.execute(
          sql`select payment_type, status, count(*)::int as count from ach_payments group by payment_type, status`,
        ),
      );
      for (const row of rows)
        this.set({ payment_type: row.payment_type, status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'steadyline_ach_payment_amount_dollars',
    help: 'Sum of ACH payment amounts by type and state, in dollars (read at scrape; for trends, not accounting)',
    labelNames: ['payment_type', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ payment_type: string; status: string; amount: string }>(
        await context.db.execute(
          sql`select payment_type, status, sum(amount)::text as amount from ach_payments group by payment_type, status`,
        ),
      );
      for (const row of rows) {
        this.set({ payment_type: row.payment_type, status: row.status }, Number(row.amount));
      }
    },
  });
  new Gauge({
    name: 'steadyline_campaigns',
    help: 'Notification campaigns by status (read at scrape)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ status: string; count: number }>(
        await context.db.execute(
          sql`select status, count(*)::int as count from notification_campaigns group by status`,
        ),
      );
      for (const row of rows) this.set({ status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'steadyline_campaign_messages',
    help: 'Messages of campaigns being sent: recipients, sent and failed so far (read at scrape)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const [row] = rowsOf<{ recipients: number; sent: number; failed: number }>(
        await context.db.execute(
          sql`select coalesce(sum(recipient_count), 0)::int as recipients, coalesce(sum(sent_count), 0)::int as sent,
                     coalesce(sum(failed_count), 0)::int as failed
                from notification_campaigns where status = 'sending'`,
        ),
      );
      this.set({ state: 'recipients' }, Number(row?.recipients ?? 0));
      this.set({ state: 'sent' }, Number(row?.sent ?? 0));
      this.set({ state: 'failed' }, Number(row?.failed ?? 0));
    },
  });
  new Gauge({
    name: 'steadyline_db_pool_connections',
    help: 'Database connections: total, idle, waiting clients and the pool maximum (PGlite is one connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const stats = context.database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });
  return { registry, httpRequests, httpDuration, jobRuns, jobDuration };
}

/** This app instance's metrics (created on first use). */
export function appMetricsOf(context: AppContext): AppMetrics {
  let metrics = metricsByContext.get(context);
  if (!metrics) {
    metrics = createAppMetrics(context);
    metricsByContext.set(context, metrics);
  }
  return metrics;
}

/** Counts a finished recorded job run and its duration. */
export function observeJobRun(
  context: AppContext,
  functionName: string,
  outcome: 'completed' | 'failed',
  seconds: number,
): void {
  const metrics = appMetricsOf(context);
  metrics.jobRuns.inc({ function_name: functionName, outcome });
  metrics.jobDuration.observe({ function_name: functionName, outcome }, seconds);
}
