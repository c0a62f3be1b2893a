import { businessDateOf } from '../../shared/dates/business-time';
import type { AppContext } from '../context';
import { instanceIdOf } from '../modules/job-runs/instance-identity';
import { failInterruptedRuns, pruneRunHistory } from '../modules/job-runs/run-history-repository';
import { executeRecordedRun, RUN_STALE_AFTER_MS } from '../modules/job-runs/service';
import {
  type ClaimedFiring,
  claimDueFiring,
  scheduleMetadata,
  scheduleUnscheduledJobs,
} from './claim-repository';

/**
 * The scheduler that fires `scheduled_jobs` (PRODUCT.md 30). Every app instance may run one;
 * each tick asks what is due at the clock's "now", claims each due firing in PostgreSQL and
 * runs it through the one job-run path. Time comes only from the injectable clock, so tests
 * drive `tick(now)` directly instead of waiting for timers.
 */
export interface Scheduler {
  readonly instanceId: string;
  /** Ticks now (running firings missed while down, once) and then every interval. */
  start(): Promise<void>;
  /** Stops the timer and waits for the tick in progress. */
  stop(): Promise<void>;
  tick(now?: Date): Promise<TickReport>;
}

export interface ScheduledRunReport {
  jobId: string;
  jobName: string;
  runId: string;
  scheduledFor: Date;
  status: 'completed' | 'failed';
  recordsProcessed: number;
}

export interface TickReport {
  interruptedRuns: number;
  scheduledJobs: number;
  runs: ScheduledRunReport[];
  prunedRuns: number;
}

export interface SchedulerOptions {
  /** How often the timer ticks. Cron has minute precision; 15 s keeps firings within a few seconds. */
  intervalMs?: number;
}

const DEFAULT_INTERVAL_MS = 15_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

export function createScheduler(context: AppContext, options: SchedulerOptions = {}): Scheduler {
  const instanceId = instanceIdOf(context);
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const timeZone = context.config.BUSINESS_TZ;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<TickReport> | null = null;
  let lastPrunedAt: Date | null = null;
  let isStopped = false;

  async function runTick(now: Date): Promise<TickReport> {
    const interruptedRuns = await failInterruptedRuns(context.db, {
      now,
      staleBefore: new Date(now.getTime() - RUN_STALE_AFTER_MS),
    });
    const scheduling = await scheduleUnscheduledJobs(context.db, { now, timeZone });
    if (scheduling.invalid.length > 0) {
      context.log.warn(
        { jobs: scheduling.invalid },
        'jobs with a schedule that never fires are not scheduled',
      );
    }
    const runs: ScheduledRunReport[] = [];
    const executionDate = businessDateOf(now, timeZone);
    const skipJobIds: string[] = [];
    while (!isStopped) {
      const claim = await claimDueFiring(context.db, {
        now,
        timeZone,
        executionDate,
        instanceId,
        skipJobIds,
      });
      if (claim === null) break;
      if (claim === 'retry') continue;
      skipJobIds.push(claim.jobId);
      runs.push(await runClaimed(claim, executionDate));
    }
    let prunedRuns = 0;
    if (!lastPrunedAt || now.getTime() - lastPrunedAt.getTime() >= PRUNE_EVERY_MS) {
      const retention = context.config.JOB_HISTORY_RETENTION_DAYS * DAY_MS;
      prunedRuns = await pruneRunHistory(context.db, new Date(now.getTime() - retention));
      lastPrunedAt = now;
    }
    return { interruptedRuns, scheduledJobs: scheduling.scheduled, runs, prunedRuns };
  }

  async function runClaimed(claim: ClaimedFiring, executionDate: string): Promise<ScheduledRunReport> {
    const report = {
      jobId: claim.jobId,
      jobName: claim.jobName,
      runId: claim.runId,
      scheduledFor: claim.scheduledFor,
    };
    try {
      const result = await executeRecordedRun(context, {
        runId: claim.runId,
        jobId: claim.jobId,
        functionName: claim.functionName,
        configuration: claim.configuration,
        executionDate,
        baseMetadata: scheduleMetadata(claim.scheduledFor, executionDate, claim.missedFirings),
      });
      return { ...report, status: 'completed', recordsProcessed: result.recordsProcessed };
    } catch {
      // executeRecordedRun has recorded and logged the failure; the next job still runs.
      return { ...report, status: 'failed', recordsProcessed: 0 };
    }
  }

  function tick(now: Date = context.clock.now()): Promise<TickReport> {
    if (inFlight) return inFlight;
    const current = runTick(now).finally(() => {
      inFlight = null;
    });
    inFlight = current;
    return current;
  }

  function tickFromTimer(): void {
    if (inFlight || isStopped) return;
    tick().catch((error: unknown) => context.log.error({ err: error }, 'scheduler tick failed'));
  }

  return {
    instanceId,
    async start() {
      isStopped = false;
      context.log.info({ instanceId, intervalMs }, 'scheduler started');
      tickFromTimer();
      timer = setInterval(tickFromTimer, intervalMs);
    },
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight?.catch(() => undefined);
    },
    tick,
  };
}

/**
 * Run at every instance's start: runs left running by a process that stopped are marked
 * failed. On the embedded database only one process can be attached, so every running run
 * is such a run; on PostgreSQL other instances may be running jobs, so only runs whose
 * heartbeat went stale are.
 */
export async function failRunsInterruptedByAStop(context: AppContext): Promise<number> {
  const now = context.clock.now();
  const staleBefore =
    context.database.kind === 'pglite' ? null : new Date(now.getTime() - RUN_STALE_AFTER_MS);
  const interrupted = await failInterruptedRuns(context.db, { now, staleBefore });
  if (interrupted > 0) context.log.warn({ interrupted }, 'job runs interrupted by a stop were marked failed');
  return interrupted;
}
