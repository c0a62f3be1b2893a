import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { scheduledJobs } from '../db/schema';
import type { JobFunctionInput } from '../functions/job-functions';

export interface RecordedCall extends JobFunctionInput {
  instance: string;
}

/** A run the test lets finish when it chooses (no timers, no sleeps). */
export interface HeldRun {
  /** Resolves once the function has started. */
  started: Promise<void>;
  release(): void;
}

/**
 * Job functions for scheduler tests, registered on an app's registry:
 * `test-record` records each call, `test-fail` throws, `test-hold` waits until released.
 */
export function registerTestJobFunctions(context: AppContext, instance: string, calls: RecordedCall[]) {
  const holds: { release: () => void; markStarted: () => void; started: Promise<void> }[] = [];
  context.jobFunctions.register({
    name: 'test-record',
    description: 'Records its calls (test only)',
    run: async (runContext, input) => {
      // A query between claim and finish lets concurrent instances interleave.
      await runContext.db.execute(sql`select 1`);
      calls.push({ ...input, instance });
      return { recordsProcessed: 3, metadata: { recordedBy: instance } };
    },
  });
  context.jobFunctions.register({
    name: 'test-fail',
    description: 'Throws (test only)',
    run: async () => {
      throw new Error('Ledger check failed: 2 notes out of balance');
    },
  });
  context.jobFunctions.register({
    name: 'test-hold',
    description: 'Waits until the test releases it (test only)',
    run: async (_runContext, input) => {
      const hold = holds.shift();
      if (!hold) throw new Error('test-hold ran without a prepared hold');
      hold.markStarted();
      await new Promise<void>((resolve) => {
        hold.release = resolve;
      });
      calls.push({ ...input, instance });
      return { recordsProcessed: 1 };
    },
  });
  return {
    /** Prepares the next `test-hold` call. */
    hold(): HeldRun {
      let markStarted: () => void = () => undefined;
      const started = new Promise<void>((resolve) => {
        markStarted = resolve;
      });
      const entry: (typeof holds)[number] = { release: () => undefined, markStarted, started };
      holds.push(entry);
      return { started, release: () => entry.release() };
    },
  };
}

export async function deleteAllJobs(context: AppContext): Promise<void> {
  await context.db.delete(scheduledJobs);
}
