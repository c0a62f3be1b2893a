/**
 * Authenticator codes for tests that sign admins in against a running app (browser tests and
 * process tests). The app takes a code once and only one 30-second step either side of its
 * now, so a test that signs the same admin in again needs the next step nobody has used: this
 * is that one piece of logic, shared by every such test.
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_MS = 30_000;

/** The code an authenticator app holding `secret` shows at `timestamp` (SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp,
  });
}

/** Where the last step used is kept: in memory for one test file, or in a file several workers share. */
export interface StepRecord {
  read(): number;
  write(step: number): void;
}

/**
 * The first time step after the last one used that the app still accepts (now, or now + 1),
 * recorded as used; when both are spent it waits for the next step. `clockOffsetMs` is how far
 * the app's clock runs ahead of the wall clock (TEST_CLOCK_OFFSET_MS).
 */
export async function nextUnusedStep(record: StepRecord, clockOffsetMs = 0): Promise<number> {
  for (;;) {
    const appNow = Date.now() + clockOffsetMs;
    const nowStep = Math.floor(appNow / TOTP_PERIOD_MS);
    const step = Math.max(nowStep, record.read() + 1);
    if (step <= nowStep + 1) {
      record.write(step);
      return step;
    }
    await new Promise((resolve) => setTimeout(resolve, (nowStep + 1) * TOTP_PERIOD_MS - appNow + 200));
  }
}

/** A record held in memory (one authenticator, one test file). */
export function memoryStepRecord(lastStep = 0): StepRecord & { lastStep: number } {
  const record = {
    lastStep,
    read: () => record.lastStep,
    write: (step: number) => {
      record.lastStep = step;
    },
  };
  return record;
}

/** The code of the next unused step of `secret`. */
export async function nextUnusedCode(secret: string, record: StepRecord, clockOffsetMs = 0): Promise<string> {
  const step = await nextUnusedStep(record, clockOffsetMs);
  return totpCode(secret, step * TOTP_PERIOD_MS);
}
