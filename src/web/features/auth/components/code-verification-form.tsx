import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
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

/** Why no code could be sent; `hasWait`: it says so only until the countdown ends. */
interface Cooldown {
  reason: string;
  hasWait: boolean;
}

/**
 * Enter the 6-digit code just sent: submit waits for six digits, resend waits out the
 * countdown, and every failure shows its message. When a code could not be sent, the reason
 * and the countdown (minutes and seconds) sit right under the field with the resend action.
 */
export function CodeVerificationForm({
  warning = null,
  description,
  initialWaitSeconds,
  initialCooldownReason = null,
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
  /** Why the code the screen opened with could not be sent (shown with initialWaitSeconds). */
  initialCooldownReason?: string | null;
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
  const [cooldown, setCooldown] = useState<Cooldown | null>(null);
  const countdown = useCountdown();
  const fieldRef = useRef<HTMLInputElement>(null);
  const resendId = useId();
  const { start } = countdown;

  useEffect(() => {
    start(initialWaitSeconds);
    setCooldown(
      initialCooldownReason ? { reason: initialCooldownReason, hasWait: initialWaitSeconds > 0 } : null,
    );
    fieldRef.current?.focus();
  }, [initialWaitSeconds, initialCooldownReason, start]);
  const shownCooldown = cooldown && (countdown.secondsLeft > 0 || !cooldown.hasWait) ? cooldown : null;

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
    setCooldown(null);
    setResending(true);
    try {
      countdown.start(await resend());
      setCode('');
      setNotice('We sent you a new code.');
      fieldRef.current?.focus();
    } catch (caught) {
      const message = messageOf(caught, authFallbacks.resendCode);
      if (caught instanceof AuthRequestError && caught.retryAfterSeconds) {
        setCooldown({ reason: message, hasWait: true });
        countdown.start(caught.retryAfterSeconds);
      } else {
        setError(message);
      }
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {warning ? <Alert tone="warning">{warning}</Alert> : null}
      <p className="muted">{description}</p>
      <CodeField
        ref={fieldRef}
        value={code}
        onChange={setCode}
        error={error}
        disabled={isVerifying}
        describedBy={shownCooldown ? resendId : undefined}
      />
      <ResendCodeButton
        id={resendId}
        reason={shownCooldown?.reason ?? null}
        secondsLeft={countdown.secondsLeft}
        isResending={isResending}
        onResend={onResend}
      />
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
      {secondaryAction ? <div className="auth-inline-actions">{secondaryAction}</div> : null}
    </form>
  );
}
