/**
 * Runs a sensitive action; when the server answers step_up_required, asks for the SMS code
 * and runs it again. A cancelled code prompt rejects with StepUpCancelled, which callers ignore.
 *
 * requestStepUp (asking before a form opens) does not ask again for a code proven in this
 * page a moment ago: a second code would meet the SMS resend wait, and the server still
 * decides at the action itself (withStepUp asks then if the step-up has lapsed).
 */
import { type ReactNode, useCallback, useState } from 'react';
import { isStepUpRequired } from '../api/settings-api';
import { StepUpDialog } from '../components/step-up-dialog';

export class StepUpCancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'StepUpCancelled';
  }
}

/** The SMS resend wait by default; well inside the server's step-up window (STEP_UP_MAX_AGE_MINUTES, 5 by default). */
const RECENT_STEP_UP_MS = 60_000;
let lastVerifiedAt: number | null = null;

function hasRecentStepUp(): boolean {
  return lastVerifiedAt !== null && Date.now() - lastVerifiedAt < RECENT_STEP_UP_MS;
}

interface PendingPrompt {
  resolve(): void;
  reject(error: Error): void;
}

export function useStepUp(reason: string): {
  withStepUp<T>(action: () => Promise<T>): Promise<T>;
  /** Asks for the code now (before an action that will need it). Resolves true once verified. */
  requestStepUp(): Promise<boolean>;
  stepUpDialog: ReactNode;
} {
  const [pending, setPending] = useState<PendingPrompt | null>(null);

  const prompt = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        setPending({
          resolve: () => {
            lastVerifiedAt = Date.now();
            setPending(null);
            resolve();
          },
          reject: (error) => {
            setPending(null);
            reject(error);
          },
        });
      }),
    [],
  );

  const withStepUp = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (!isStepUpRequired(error)) throw error;
        await prompt();
        return action();
      }
    },
    [prompt],
  );

  const requestStepUp = useCallback(async () => {
    if (hasRecentStepUp()) return true;
    try {
      await prompt();
      return true;
    } catch {
      return false;
    }
  }, [prompt]);

  const stepUpDialog = pending ? (
    <StepUpDialog
      reason={reason}
      onVerified={pending.resolve}
      onCancel={() => pending.reject(new StepUpCancelled())}
    />
  ) : null;

  return { withStepUp, requestStepUp, stepUpDialog };
}
