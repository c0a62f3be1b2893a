/**
 * Runs a sensitive action; when the server answers step_up_required, asks for the SMS code
 * and runs it again. A cancelled code prompt rejects with StepUpCancelled, which callers ignore.
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
