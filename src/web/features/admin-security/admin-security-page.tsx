import { type FormEvent, useState } from 'react';
import type { EnrolmentStart } from '../../../shared/admin/two-factor-contracts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Alert, Badge, ErrorState, LoadingState } from '../../components/ui/feedback';
import { TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { formatLocalDateTime } from '../../lib/format-date-time';
import {
  useConfirmEnrolment,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useSecurityStatus,
  useSignOutOtherSessions,
  useStartEnrolment,
} from './security-queries';
import './admin-security.css';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Try again.';

const isSixDigits = (code: string) => /^\d{6}$/.test(code.trim());

/** Ten codes shown once, and the button that puts them away. */
function RecoveryCodesOnce({ codes, title, onDone }: { codes: string[]; title: string; onDone(): void }) {
  return (
    <Card title={title} className="security-card">
      <p>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are
        shown only now; any earlier codes no longer work.
      </p>
      <ol className="security-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button onClick={onDone}>I have saved my recovery codes</Button>
    </Card>
  );
}

/** Turning two-factor on: scan, confirm with a first code. */
function EnrolmentPanel({
  start,
  onCancel,
  onEnabled,
}: {
  start: EnrolmentStart;
  onCancel(): void;
  onEnabled(codes: string[]): void;
}) {
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isSixDigits(code)) {
      setFailure('Enter the 6-digit code from your app');
      return;
    }
    setFailure(null);
    try {
      const answer = await confirm.mutateAsync({ enrolment: start.enrolment, code: code.trim() });
      onEnabled(answer.recovery_codes);
    } catch (error) {
      setFailure(messageOf(error));
    }
  };
  return (
    <Card title="Set up two-factor" className="security-card">
      <p className="muted">
        Scan this QR code with an authenticator app, then enter the 6-digit code it shows.
      </p>
      <img
        className="security-qr"
        src={start.qr_code}
        alt="QR code for your authenticator app"
        width={220}
        height={220}
      />
      <p className="security-secret">
        Or enter this key: <code data-testid="totp-secret">{start.secret}</code>
      </p>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form onSubmit={submit} noValidate className="security-form">
        <TextField
          label="Code from your app"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className="row">
          <Button type="submit" isBusy={confirm.isPending}>
            Turn on two-factor
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A code field and one action behind it (new recovery codes, turning two-factor off). */
function CodeAction({
  label,
  hint,
  action,
  variant,
  acceptsRecoveryCode,
  isBusy,
  onSubmit,
}: {
  label: string;
  hint: string;
  action: string;
  variant: 'primary' | 'secondary' | 'danger';
  acceptsRecoveryCode: boolean;
  isBusy: boolean;
  onSubmit(code: string): Promise<string | null>;
}) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!acceptsRecoveryCode && !isSixDigits(trimmed)) {
      setFailure('Enter the 6-digit code from your app');
      return;
    }
    if (!trimmed) {
      setFailure('Enter the code');
      return;
    }
    setFailure(await onSubmit(trimmed));
  };
  return (
    <form onSubmit={submit} noValidate className="security-form">
      <TextField
        label={label}
        hint={hint}
        error={failure}
        autoComplete="one-time-code"
        inputMode={acceptsRecoveryCode ? 'text' : 'numeric'}
        maxLength={acceptsRecoveryCode ? 20 : 6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" variant={variant} isBusy={isBusy}>
        {action}
      </Button>
    </form>
  );
}

/** "Your security": your own two-factor, recovery codes and other sessions (decision 1630). */
export function AdminSecurityPage() {
  const status = useSecurityStatus();
  const startEnrolment = useStartEnrolment();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const signOutOthers = useSignOutOtherSessions();
  const [enrolment, setEnrolment] = useState<EnrolmentStart | null>(null);
  const [shownCodes, setShownCodes] = useState<{ title: string; codes: string[] } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const header = (
    <div className="admin-page-header">
      <div>
        <h1>Your security</h1>
        <p>Two-factor authentication, recovery codes and where you are signed in.</p>
      </div>
    </div>
  );

  if (status.isPending) {
    return (
      <div>
        {header}
        <LoadingState />
      </div>
    );
  }
  if (status.isError) {
    return (
      <div>
        {header}
        <ErrorState title="Cannot load your security settings" message={messageOf(status.error)} />
        <div className="row" style={{ justifyContent: 'center' }}>
          <Button variant="secondary" onClick={() => status.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const state = status.data;

  if (shownCodes) {
    return (
      <div className="security-page">
        {header}
        <RecoveryCodesOnce
          title={shownCodes.title}
          codes={shownCodes.codes}
          onDone={() => setShownCodes(null)}
        />
      </div>
    );
  }
  if (enrolment) {
    return (
      <div className="security-page">
        {header}
        <EnrolmentPanel
          start={enrolment}
          onCancel={() => setEnrolment(null)}
          onEnabled={(codes) => {
            setEnrolment(null);
            setNotice('Two-factor authentication is on. Your next sign-in asks for a code.');
            setShownCodes({ title: 'Two-factor authentication is on', codes });
          }}
        />
      </div>
    );
  }

  const begin = async () => {
    setNotice(null);
    try {
      setEnrolment(await startEnrolment.mutateAsync());
    } catch {
      // Shown under the button from the mutation's error.
    }
  };

  return (
    <div className="security-page">
      {header}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <Card title="Two-factor authentication" className="security-card">
        <dl className="security-facts">
          <div>
            <dt>Status</dt>
            <dd>
              {state.enabled ? <Badge tone="success">On</Badge> : <Badge tone="warning">Off</Badge>}
              {state.enabled && state.enabled_at ? (
                <span className="security-since">since {formatLocalDateTime(state.enabled_at)}</span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>For your role</dt>
            <dd>{state.required ? 'Required' : 'Optional'}</dd>
          </div>
          {state.enabled ? (
            <div>
              <dt>Recovery codes left</dt>
              <dd data-testid="recovery-codes-left">
                {state.recovery_codes_left}
                {state.recovery_codes_left <= 3 ? (
                  <span className="muted"> (make new ones below)</span>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
        {!state.enabled && !state.required ? (
          <div className="security-action">
            <p className="muted">
              With two-factor on, signing in asks for a code from an authenticator app as well as your
              password.
            </p>
            {startEnrolment.isError ? <Alert tone="error">{messageOf(startEnrolment.error)}</Alert> : null}
            <Button onClick={begin} isBusy={startEnrolment.isPending}>
              Turn on two-factor
            </Button>
          </div>
        ) : null}
        {!state.enabled && state.required ? (
          <Alert tone="warning">
            Your role requires two-factor: you will set it up at your next sign-in.
          </Alert>
        ) : null}
      </Card>

      {state.enabled ? (
        <Card title="Recovery codes" className="security-card">
          <p className="muted">
            New codes replace all the old ones, used or not. Enter a current code from your authenticator app.
          </p>
          <CodeAction
            label="Code from your app"
            hint="6 digits"
            action="Make new recovery codes"
            variant="primary"
            acceptsRecoveryCode={false}
            isBusy={regenerate.isPending}
            onSubmit={async (code) => {
              setNotice(null);
              try {
                const answer = await regenerate.mutateAsync(code);
                setShownCodes({ title: 'Your new recovery codes', codes: answer.recovery_codes });
                return null;
              } catch (error) {
                return messageOf(error);
              }
            }}
          />
        </Card>
      ) : null}

      {state.enabled && !state.required ? (
        <Card title="Turn off two-factor" className="security-card">
          <p className="muted">
            Signing in will then ask for your password only, and your recovery codes stop working.
          </p>
          <CodeAction
            label="Code from your app or a recovery code"
            hint="6 digits, or a recovery code if your phone is gone"
            action="Turn off two-factor"
            variant="danger"
            acceptsRecoveryCode
            isBusy={disable.isPending}
            onSubmit={async (code) => {
              try {
                await disable.mutateAsync(code);
                setNotice('Two-factor authentication is off.');
                return null;
              } catch (error) {
                return messageOf(error);
              }
            }}
          />
        </Card>
      ) : null}
      {state.enabled && state.required ? (
        <p className="muted security-note">
          Your role requires two-factor, so it cannot be turned off. Lost your phone and your codes? Ask
          another super admin.
        </p>
      ) : null}

      <Card title="Other sessions" className="security-card">
        <p>
          {state.other_sessions === 0
            ? 'You are signed in only here.'
            : `You are also signed in ${state.other_sessions === 1 ? 'in 1 other place' : `in ${state.other_sessions} other places`}.`}
        </p>
        {signOutOthers.isError ? <Alert tone="error">{messageOf(signOutOthers.error)}</Alert> : null}
        {signOutOthers.isSuccess ? (
          <Alert tone="success">
            {signOutOthers.data.sessions_ended === 1
              ? 'Signed out of 1 other session.'
              : `Signed out of ${signOutOthers.data.sessions_ended} other sessions.`}
          </Alert>
        ) : null}
        <Button
          variant="secondary"
          disabled={state.other_sessions === 0}
          isBusy={signOutOthers.isPending}
          onClick={() => signOutOthers.mutate()}
        >
          Sign out of other sessions
        </Button>
      </Card>
    </div>
  );
}
