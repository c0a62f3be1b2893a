/**
 * Named pause points for the crash tests (decision 1000). Outside production, when
 * `FAULT_PAUSE_AT=<point>` (or `<point>@<n>` for its n-th pass) names a point, the process
 * stops there for good and writes the point's name to `FAULT_PAUSE_SIGNAL_FILE`, so a test
 * can `kill -9` it at exactly that moment instead of guessing with sleeps. With the variable
 * unset, or in production, `pauseAt` returns at once and does nothing else.
 */
import { writeFileSync } from 'node:fs';

export type PausePoint =
  /** calculate-daily-interest: a batch's postings and accruals are written, not yet committed. */
  | 'interest:before-commit'
  /** calculate-daily-interest: a batch is committed with its queued notices, none sent yet. */
  | 'interest:after-commit'
  /** process-withdrawals: an investor's payments are committed with their queued notices, none sent yet. */
  | 'withdrawals:after-commit'
  /** BUY: the note is committed with its queued confirmation; nothing sent, no answer yet. */
  | 'purchase:after-commit'
  /** settle-ach-payments: the provider has answered, nothing is recorded yet. */
  | 'ach:before-record'
  /** settle-ach-payments: a batch of outcomes is written, not yet committed. */
  | 'ach:before-commit'
  /** sync-ach-events: a page of the rail's events is applied, the cursor moved, not yet committed. */
  | 'ach-events:before-commit'
  /** Campaign delivery: a chunk of messages is sent and recorded, the next not yet taken. */
  | 'campaign:after-chunk';

interface Armed {
  point: string;
  pass: number;
  signalFile: string | undefined;
}

function armedPoint(env: NodeJS.ProcessEnv): Armed | null {
  if (env.NODE_ENV === 'production' || !env.FAULT_PAUSE_AT) return null;
  const [point = '', pass = '1'] = env.FAULT_PAUSE_AT.split('@');
  return { point, pass: Number(pass) || 1, signalFile: env.FAULT_PAUSE_SIGNAL_FILE };
}

const armed = armedPoint(process.env);
let passes = 0;

export async function pauseAt(point: PausePoint): Promise<void> {
  if (armed === null || armed.point !== point) return;
  passes += 1;
  if (passes !== armed.pass) return;
  if (armed.signalFile) writeFileSync(armed.signalFile, point);
  process.stderr.write(`fault pause reached: ${point}\n`);
  await new Promise<never>(() => undefined);
}
