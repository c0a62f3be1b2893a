import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { EnrolmentConfirm, EnrolmentStart } from '../../../shared/admin/two-factor-contracts';
import { Button } from '../../components/ui/button';
import { Alert, LoadingState } from '../../components/ui/feedback';
import { TextField } from '../../components/ui/field';
import { confirmAdminEnrolment, startAdminEnrolment, verifyAdminSecondFactor } from '../../lib/admin-sign-in';
import { rememberAdminSession } from '../../lib/admin-session';
import { ApiError } from '../../lib/api-client';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Try again.';
}

/** Whether the server ended the sign-in attempt (expired, or too many wrong codes): back to the password. */
function hasEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && /expired/i.test(error.message);
}

interface StepProps {
  challenge: string;
  onSignedIn(): void;
  onRestart(message: string): void;
}

/** A code from the authenticator app, or one of the recovery codes. */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setFailure('Enter the code');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await verifyAdminSecondFactor(challenge, code);
      onSignedIn();
    } catch (error) {
      if (hasEnded(error)) onRestart(messageOf(error));
      else setFailure(messageOf(error));
      setBusy(false);
    }
  };
  return (
    <>
      <p className="muted">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={20}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" block isBusy={isBusy}>
          Verify
        </Button>
      </form>
    </>
  );
}

/** Two-factor set-up before the first session: scan, confirm with a code, keep the recovery codes. */
export function EnrolmentStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const [start, setStart] = useState<EnrolmentStart | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState<EnrolmentConfirm | null>(null);
  // One enrolment per challenge: a new parent callback must not start another.
  const restart = useRef(onRestart);
  restart.current = onRestart;

  useEffect(() => {
    let isCurrent = true;
    startAdminEnrolment(challenge)
      .then((answer) => {
        if (isCurrent) setStart(answer);
      })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        if (hasEnded(error)) restart.current(messageOf(error));
        else setLoadFailure(messageOf(error));
      });
    return () => {
      isCurrent = false;
    };
  }, [challenge]);

  if (confirmed) {
    return (
      <>
        <Alert tone="success">Two-factor authentication is on.</Alert>
        <p>
          Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They
          are shown only now.
        </p>
        <ol className="recovery-codes" aria-label="Recovery codes">
          {confirmed.recovery_codes.map((recoveryCode) => (
            <li key={recoveryCode}>
              <code>{recoveryCode}</code>
            </li>
          ))}
        </ol>
        <Button
          block
          onClick={() => {
            rememberAdminSession(confirmed.admin, confirmed.token);
            onSignedIn();
          }}
        >
          I have saved my recovery codes
        </Button>
      </>
    );
  }
  if (loadFailure) return <Alert tone="error">{loadFailure}</Alert>;
  if (!start) return <LoadingState text="Preparing two-factor set-up..." />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setFailure('Enter the 6-digit code from your app');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      setConfirmed(await confirmAdminEnrolment(challenge, start.enrolment, code.trim()));
    } catch (error) {
      if (hasEnded(error)) onRestart(messageOf(error));
      else setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className="muted">
        Your role requires two-factor authentication. Scan this QR code with an authenticator app, then enter
        the 6-digit code it shows.
      </p>
      <img
        className="totp-qr"
        src={start.qr_code}
        alt="QR code for your authenticator app"
        width={220}
        height={220}
      />
      <p className="totp-secret">
        Or enter this key: <code data-testid="totp-secret">{start.secret}</code>
      </p>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <TextField
          label="Code from your app"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" block isBusy={isBusy}>
          Turn on two-factor
        </Button>
      </form>
    </>
  );
}
