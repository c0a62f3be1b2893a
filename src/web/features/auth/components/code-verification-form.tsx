import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { isCompleteSmsCode } from '../../../../shared/auth/sms-code';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { AuthRequestError, authFallbacks } from '../api/auth-api';
import { useCountdown } from '../hooks/use-countdown';
import { CodeField } from './code-field';
import { ResendCodeButton } from './resend-code-button';

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Enter the 6-digit code just sent: submit waits for six digits, resend waits out the
 * countdown, and every failure shows its message.
 */
export function CodeVerificationForm({
  warning = null,
  description,
  initialWaitSeconds,
  verify,
  resend,
  onVerified,
  submitLabel = 'Verify',
  secondaryAction,
}: {
  /** Said above the description, e.g. that no code could be sent yet. */
  warning?: string | null;
  description: ReactNode;
  initialWaitSeconds: number;
  verify(code: string): Promise<void>;
  /** Sends a new code; resolves with the next wait in seconds. */
  resend(): Promise<number>;
  onVerified(): void | Promise<void>;
  submitLabel?: string;
  secondaryAction?: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isVerifying, setVerifying] = useState(false);
  const [isResending, setResending] = useState(false);
  const countdown = useCountdown();
  const fieldRef = useRef<HTMLInputElement>(null);
  const { start } = countdown;

  useEffect(() => {
    start(initialWaitSeconds);
    fieldRef.current?.focus();
  }, [initialWaitSeconds, start]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteSmsCode(code)) return;
    setError(null);
    setNotice(null);
    setVerifying(true);
    try {
      await verify(code);
      await onVerified();
    } catch (caught) {
      setError(messageOf(caught, authFallbacks.invalidCode));
      setVerifying(false);
    }
  };

  const onResend = async () => {
    setError(null);
    setNotice(null);
    setResending(true);
    try {
      countdown.start(await resend());
      setCode('');
      setNotice('We sent you a new code.');
      fieldRef.current?.focus();
    } catch (caught) {
      setError(messageOf(caught, authFallbacks.resendCode));
      if (caught instanceof AuthRequestError && caught.retryAfterSeconds)
        countdown.start(caught.retryAfterSeconds);
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {warning ? <Alert tone="warning">{warning}</Alert> : null}
      <p className="muted">{description}</p>
      <CodeField ref={fieldRef} value={code} onChange={setCode} error={error} disabled={isVerifying} />
      {notice ? (
        <p className="field-hint" role="status">
          {notice}
        </p>
      ) : null}
      <div className="auth-actions">
        <Button type="submit" block isBusy={isVerifying} disabled={!isCompleteSmsCode(code) || isVerifying}>
          {isVerifying ? 'VERIFYING...' : submitLabel}
        </Button>
      </div>
      <div className="auth-inline-actions">
        <ResendCodeButton secondsLeft={countdown.secondsLeft} isResending={isResending} onResend={onResend} />
        {secondaryAction}
      </div>
    </form>
  );
}
