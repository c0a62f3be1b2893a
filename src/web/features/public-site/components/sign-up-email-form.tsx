import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { INVALID_EMAIL_MESSAGE, isPlausibleEmail } from '../../../../shared/validation/email';
import { Button } from '../../../components/ui/button';
import { RESEND_FAILED_MESSAGE, startSignUp } from '../../../lib/start-sign-up';

type FormState = 'idle' | 'sending' | 'sent' | 'resending';

/**
 * The landing / FAQ e-mail form (spec 2 and 4): idle -> SENDING... -> CHECK YOUR EMAIL,
 * with RESEND MAGIC LINK (RESENDING...) and 'Try different email'.
 */
export function SignUpEmailForm({
  buttonLabel = 'GET STARTED',
  tone = 'light',
}: {
  buttonLabel?: string;
  tone?: 'light' | 'dark';
}) {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<FormState>('idle');
  const [error, setError] = useState<string | null>(null);
  const referralCode = new URLSearchParams(useLocation().search).get('ref');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isPlausibleEmail(email)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    setState('sending');
    try {
      await startSignUp(email, { referralCode });
      setState('sent');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Failed to send magic link');
      setState('idle');
    }
  };

  const onResend = async () => {
    setError(null);
    setState('resending');
    try {
      await startSignUp(email, { referralCode, fallbackMessage: RESEND_FAILED_MESSAGE });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : RESEND_FAILED_MESSAGE);
    }
    setState('sent');
  };

  if (state === 'sent' || state === 'resending') {
    return (
      <div className={`signup-sent signup-sent-${tone}`} role="status" aria-live="polite">
        <p className="signup-sent-title">CHECK YOUR EMAIL</p>
        <p>
          We sent a magic link to <strong>{email.trim()}</strong>. Open it on this device to continue.
        </p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="row">
          <Button variant="primary" onClick={onResend} isBusy={state === 'resending'}>
            {state === 'resending' ? 'RESENDING...' : 'RESEND MAGIC LINK'}
          </Button>
          <Button
            variant="link"
            onClick={() => {
              setEmail('');
              setError(null);
              setState('idle');
            }}
          >
            Try different email
          </Button>
        </div>
      </div>
    );
  }

  const isSending = state === 'sending';
  return (
    <form className={`signup-form signup-form-${tone}`} onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Email address
      </label>
      <input
        id={inputId}
        className="input signup-input"
        type="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        disabled={isSending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" isBusy={isSending} disabled={isSending}>
        {isSending ? 'SENDING...' : buttonLabel}
      </Button>
      {error ? (
        <p id={`${inputId}-error`} className="field-error signup-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
