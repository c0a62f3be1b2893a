/**
 * A fresh SMS code before a sensitive change (PRODUCT.md 7): bank change, e-mail or phone
 * change. The code goes to the verified phone; once it is checked the change may proceed
 * for a few minutes.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  isCompleteSmsCode,
  SMS_CODE_LENGTH,
  SMS_RESEND_WAIT_SECONDS,
  sanitizeSmsCode,
  stillValidCodeNote,
} from '../../../../shared/auth/sms-code';
import { formatCountdown } from '../../../../shared/format/wait-format';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { localTimeZone } from '../../../lib/local-time-zone';
import { startStepUp, verifyStepUp } from '../api/settings-api';

/** The wait a refused request carried (retry_after_seconds), for the resend countdown. */
function retryAfterOf(caught: unknown): number {
  if (!(caught instanceof ApiError) || !caught.body || typeof caught.body !== 'object') return 0;
  const seconds = (caught.body as { retry_after_seconds?: unknown }).retry_after_seconds;
  return typeof seconds === 'number' ? seconds : 0;
}

export function StepUpDialog({
  reason,
  onVerified,
  onCancel,
}: {
  /** What the code is for, e.g. "change your bank account". */
  reason: string;
  onVerified(): void;
  onCancel(): void;
}) {
  const [phoneMask, setPhoneMask] = useState<string | null>(null);
  const [hasSent, setHasSent] = useState(false);
  /** When the code still valid that the server offered again was sent (no new one went out). */
  const [reusedFrom, setReusedFrom] = useState<string | null>(null);
  const [isSending, setSending] = useState(true);
  const [isChecking, setChecking] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resendIn, setResendIn] = useState(0);

  const send = useCallback(async (options: { resend: boolean }) => {
    setSending(true);
    setError(null);
    try {
      const sent = await startStepUp(options);
      setPhoneMask(sent.phone_mask);
      setHasSent(true);
      setReusedFrom(sent.code_reused && sent.code_sent_at ? sent.code_sent_at : null);
      setResendIn(sent.retry_after_seconds ?? SMS_RESEND_WAIT_SECONDS);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Failed to send code');
      setResendIn(retryAfterOf(caught));
    } finally {
      setSending(false);
    }
  }, []);

  useEffect(() => {
    void send({ resend: false });
  }, [send]);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = window.setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [resendIn]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteSmsCode(code)) return;
    setChecking(true);
    setError(null);
    try {
      await verifyStepUp(code);
      onVerified();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Invalid code');
      setChecking(false);
    }
  };

  return (
    <Modal title="Confirm it’s you" onClose={onCancel}>
      {isSending && !phoneMask ? (
        <LoadingState text="Sending a code..." />
      ) : (
        <form onSubmit={submit} noValidate>
          <p>
            {hasSent ? (
              <>
                To {reason}, enter the {SMS_CODE_LENGTH}-digit code we sent to{' '}
                <strong>{phoneMask ?? 'your phone'}</strong>
                {reusedFrom ? stillValidCodeNote(reusedFrom, localTimeZone()) : '.'}
              </>
            ) : (
              // Nothing was sent this time (a wait or a failure, said below): claim no code.
              <>
                To {reason}, enter a {SMS_CODE_LENGTH}-digit code texted to your phone, or request one when
                you can.
              </>
            )}
          </p>
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            value={code}
            error={error}
            onChange={(event) => setCode(sanitizeSmsCode(event.target.value))}
          />
          <div className="modal-footer">
            <Button
              variant="ghost"
              onClick={() => send({ resend: true })}
              disabled={resendIn > 0 || isSending}
            >
              {resendIn > 0 ? `Resend code in ${formatCountdown(resendIn)}` : 'Resend code'}
            </Button>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isCompleteSmsCode(code)} isBusy={isChecking}>
              Confirm
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
