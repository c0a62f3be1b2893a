import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { DemoLoginResponse } from '../../../../shared/auth/contracts';
import { passkeyMessages } from '../../../../shared/auth/passkey-messages';
import { SMS_RESEND_WAIT_SECONDS, stillValidCodeNote } from '../../../../shared/auth/sms-code';
import { signedInDestination } from '../../../../shared/auth/next-screen';
import { INVALID_EMAIL_MESSAGE, isPlausibleEmail } from '../../../../shared/validation/email';
import { Button } from '../../../components/ui/button';
import { Alert, LoadingState } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Tabs } from '../../../components/ui/tabs';
import { appConfig } from '../../../lib/app-config';
import { localTimeZone } from '../../../lib/local-time-zone';
import { accountStateOf, refreshSession, signOut, useSession } from '../../../lib/session';
import { startSignUp } from '../../../lib/start-sign-up';
import {
  authFallbacks,
  checkPhoneCode,
  isPasskeySupported,
  loginWithPassword,
  requestPasswordReset,
  sendPhoneCode,
  sentCodeOf,
  signInWithPasskey,
  startDemoSession,
} from '../api/auth-api';
import { AuthCard, AuthStatus } from '../components/auth-card';
import { CodeVerificationForm } from '../components/code-verification-form';
import { formatPhone, PhoneEntryForm } from '../components/phone-entry-form';

type Method = 'password' | 'magic-link' | 'sms';
type View =
  | { kind: 'input' }
  | {
      kind: '2fa';
      phoneMask: string;
      /** What the sign-in answered; null when the page was reloaded and that is not known. */
      codeSent: boolean | null;
      /** With codeSent false: why no code could be sent. */
      codeError: string | null;
      /** When the code still valid that the server offered again was sent (no new one went out). */
      reusedFrom: string | null;
      waitSeconds: number;
    }
  | { kind: 'verify'; phone: string; waitSeconds: number; reusedFrom: string | null }
  | { kind: 'link-sent'; email: string }
  | { kind: 'forgot' }
  | { kind: 'forgot-sent'; email: string };

const methods = [
  { value: 'password', label: 'Password' },
  { value: 'magic-link', label: 'Magic Link' },
  { value: 'sms', label: 'SMS' },
] as const;

/** The seconds the demo admin hint stays on screen before the demo account opens. */
const DEMO_HINT_SECONDS = 6;

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * /login (spec 2 and 4, PRODUCT.md 7-9): Password (then the SMS code), Magic Link and SMS
 * tabs, 'Forgot password?', 'Sign up' and, in demo mode, the demo shortcut. After sign-in the
 * investor returns to `next` (same-origin) or the next screen of the route table.
 */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requestedNext = params.get('next');
  const [method, setMethod] = useState<Method>('password');
  const [view, setView] = useState<View>({ kind: 'input' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isLeaving, setLeaving] = useState(false);

  useEffect(() => {
    if (session.isPendingSecondFactor && session.phoneMask && view.kind === 'input') {
      setView({
        kind: '2fa',
        phoneMask: session.phoneMask,
        codeSent: null,
        codeError: null,
        reusedFrom: null,
        waitSeconds: 0,
      });
    }
  }, [session.isPendingSecondFactor, session.phoneMask, view.kind]);

  if (session.isLoading) return <LoadingState />;
  if (session.isAuthenticated && session.investor && !isLeaving) {
    return <Navigate to={signedInDestination(accountStateOf(session.investor), requestedNext)} replace />;
  }

  const goOn = async () => {
    setLeaving(true);
    const next = await refreshSession();
    if (!next.investor) {
      setLeaving(false);
      setError(authFallbacks.login);
      return;
    }
    navigate(signedInDestination(accountStateOf(next.investor), requestedNext), { replace: true });
  };

  const backToLogin = () => {
    if (view.kind === '2fa') void signOut();
    setView({ kind: 'input' });
    setPassword('');
    setError(null);
    setBusy(false);
  };

  const onPasswordLogin = async (event: FormEvent) => {
    event.preventDefault();
    if (!isPlausibleEmail(email)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await loginWithPassword(email, password);
      if (result.needs_2fa) {
        const codeSent = result.code_sent ?? true;
        setView({
          kind: '2fa',
          phoneMask: result.phone_mask ?? '',
          codeSent,
          codeError: codeSent ? null : (result.code_error ?? authFallbacks.sendCode),
          reusedFrom: sentCodeOf(result).reusedFrom,
          waitSeconds: result.retry_after_seconds ?? SMS_RESEND_WAIT_SECONDS,
        });
        setPassword('');
        setBusy(false);
        return;
      }
      await goOn();
    } catch (caught) {
      setError(messageOf(caught, authFallbacks.login));
      setBusy(false);
    }
  };

  const onMagicLink = async (event: FormEvent) => {
    event.preventDefault();
    if (!isPlausibleEmail(email)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await startSignUp(email, {
        fallbackMessage: authFallbacks.sendEmail,
        // A sign-in link goes straight on (no "verify your email" step) to `next` or the next screen.
        redirectTo: requestedNext
          ? `/auth-callback?redirect=${encodeURIComponent(requestedNext)}`
          : '/auth-callback',
      });
      setView({ kind: 'link-sent', email: email.trim() });
    } catch (caught) {
      setError(messageOf(caught, authFallbacks.sendEmail));
    } finally {
      setBusy(false);
    }
  };

  const onForgot = async (event: FormEvent) => {
    event.preventDefault();
    if (!isPlausibleEmail(email)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setView({ kind: 'forgot-sent', email: email.trim() });
    } catch (caught) {
      setError(messageOf(caught, authFallbacks.sendEmail));
    } finally {
      setBusy(false);
    }
  };

  const backLink = (
    <Button variant="link" onClick={backToLogin}>
      Back to login
    </Button>
  );

  /** Leaves the code screen for the Magic Link tab, the address kept: no phone needed. */
  const switchToMagicLink = () => {
    if (view.kind === '2fa') void signOut().catch(() => undefined);
    setMethod('magic-link');
    setView({ kind: 'input' });
    setPassword('');
    setError(null);
    setBusy(false);
  };

  if (view.kind === '2fa') {
    return (
      <AuthCard title="Check your phone" subtitle="For your security, we confirm each sign-in with a code.">
        <CodeVerificationForm
          warning={view.codeSent === false ? 'We could not send a code just now.' : null}
          description={<SecondFactorDescription view={view} />}
          initialWaitSeconds={view.waitSeconds}
          initialCooldownReason={view.codeError}
          verify={(code) => checkPhoneCode(null, code)}
          resend={async () => {
            const sent = await sendPhoneCode(null, { fallback: authFallbacks.resendCode, resend: true });
            return sent.waitSeconds;
          }}
          onVerified={goOn}
          submitLabel="Sign in"
          secondaryAction={backLink}
        />
        <OtherWaysToSignIn onMagicLink={switchToMagicLink} onPasskeySignedIn={goOn} />
      </AuthCard>
    );
  }
  if (view.kind === 'verify') {
    return (
      <AuthCard title="Enter your code">
        <CodeVerificationForm
          description={
            view.reusedFrom ? (
              <>
                If <strong>{formatPhone(view.phone)}</strong> belongs to an account, we sent it a 6-digit code
                {stillValidCodeNote(view.reusedFrom, localTimeZone())}
              </>
            ) : (
              <>
                If <strong>{formatPhone(view.phone)}</strong> belongs to an account, a 6-digit code is on its
                way.
              </>
            )
          }
          initialWaitSeconds={view.waitSeconds}
          verify={(code) => checkPhoneCode(view.phone, code)}
          resend={async () =>
            (await sendPhoneCode(view.phone, { fallback: authFallbacks.resendCode, resend: true }))
              .waitSeconds
          }
          onVerified={goOn}
          submitLabel="Sign in"
          secondaryAction={backLink}
        />
      </AuthCard>
    );
  }
  if (view.kind === 'link-sent' || view.kind === 'forgot-sent') {
    return (
      <AuthCard title="Check your email">
        <AuthStatus title="LINK SENT">
          <p className="muted">
            {view.kind === 'link-sent'
              ? `We sent a sign-in link to ${view.email}. It works once and expires in 15 minutes.`
              : `If an account exists for ${view.email}, we sent a link to choose a new password. It expires in 15 minutes.`}
          </p>
        </AuthStatus>
        <div className="auth-actions">
          <Button variant="secondary" block onClick={backToLogin}>
            Back to login
          </Button>
        </div>
      </AuthCard>
    );
  }
  if (view.kind === 'forgot') {
    return (
      <AuthCard
        title="Reset your password"
        subtitle="Enter your email and we'll send you a link to choose a new one."
      >
        <form onSubmit={onForgot} noValidate>
          <EmailField email={email} onChange={setEmail} disabled={isBusy} error={error} />
          <div className="auth-actions">
            <Button type="submit" block isBusy={isBusy}>
              {isBusy ? 'SENDING...' : 'Send reset link'}
            </Button>
          </div>
          <div className="auth-inline-actions">{backLink}</div>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your account."
      footer={
        <>
          New here? <Link to="/signup">Sign up</Link>
        </>
      }
    >
      <Tabs
        label="Sign-in method"
        items={methods}
        value={method}
        onChange={(value) => {
          setMethod(value);
          setError(null);
        }}
      />
      <div className="auth-tab-panel">
        {method === 'password' ? (
          <form onSubmit={onPasswordLogin} noValidate>
            <EmailField email={email} onChange={setEmail} disabled={isBusy} error={null} />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              disabled={isBusy}
              onChange={(event) => setPassword(event.target.value)}
            />
            {error ? <Alert tone="error">{error}</Alert> : null}
            <div className="auth-actions">
              <Button type="submit" block isBusy={isBusy} disabled={isBusy || !password}>
                {isBusy ? 'SIGNING IN...' : 'Sign in'}
              </Button>
            </div>
            <div className="auth-inline-actions">
              <Button
                variant="link"
                onClick={() => {
                  setError(null);
                  setView({ kind: 'forgot' });
                }}
              >
                Forgot password?
              </Button>
            </div>
          </form>
        ) : null}
        {method === 'magic-link' ? (
          <form onSubmit={onMagicLink} noValidate>
            <p className="muted">We'll email you a link that signs you in. No password needed.</p>
            <EmailField email={email} onChange={setEmail} disabled={isBusy} error={error} />
            <div className="auth-actions">
              <Button type="submit" block isBusy={isBusy}>
                {isBusy ? 'SENDING...' : 'Send magic link'}
              </Button>
            </div>
          </form>
        ) : null}
        {method === 'sms' ? (
          <>
            <p className="muted">We'll text a sign-in code to the phone on your account.</p>
            <PhoneEntryForm
              hint="The mobile number you verified when you signed up."
              onSent={(phone, sent) =>
                setView({ kind: 'verify', phone, waitSeconds: sent.waitSeconds, reusedFrom: sent.reusedFrom })
              }
            />
          </>
        ) : null}
      </div>
      {isPasskeySupported() ? <PasskeySignIn onSignedIn={goOn} /> : null}
      {appConfig().isDemoMode ? <DemoShortcut /> : null}
    </AuthCard>
  );
}

/**
 * The code screen's way out when the phone is not at hand or no code can be sent (issue 24
 * item 9): the magic link (the address is kept) or a passkey.
 */
function OtherWaysToSignIn({
  onMagicLink,
  onPasskeySignedIn,
}: {
  onMagicLink(): void;
  onPasskeySignedIn(): Promise<void>;
}) {
  return (
    <div className="auth-alternatives">
      <p className="muted">
        No code?{' '}
        <Button variant="link" onClick={onMagicLink}>
          Email me a sign-in link instead
        </Button>
      </p>
      {isPasskeySupported() ? <PasskeySignIn onSignedIn={onPasskeySignedIn} /> : null}
    </div>
  );
}

/** "Sign in with a passkey" (decision 1725): no e-mail needed, the device offers its passkeys. */
function PasskeySignIn({ onSignedIn }: { onSignedIn(): Promise<void> }) {
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="auth-passkey">
      <p className="auth-divider">
        <span>or</span>
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button
        variant="secondary"
        block
        isBusy={isBusy}
        disabled={isBusy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            if (await signInWithPasskey()) await onSignedIn();
          } catch (caught) {
            setError(messageOf(caught, passkeyMessages.signInFailed));
          } finally {
            setBusy(false);
          }
        }}
      >
        {isBusy ? 'WAITING FOR YOUR PASSKEY...' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}

/**
 * What the code screen says about the code: never that one was sent when none was (issue 13),
 * and when the code offered is one sent earlier and still valid, when it was sent (issue 24).
 */
function SecondFactorDescription({ view }: { view: Extract<View, { kind: '2fa' }> }) {
  const phone = <strong>{view.phoneMask}</strong>;
  if (view.codeSent === true && view.reusedFrom) {
    return (
      <>
        We sent a 6-digit code to {phone}
        {stillValidCodeNote(view.reusedFrom, localTimeZone())}
      </>
    );
  }
  if (view.codeSent === true) return <>We sent a 6-digit code to {phone}.</>;
  if (view.codeSent === null) {
    return <>Enter the 6-digit code we texted to {phone}. If none arrived, request a new one below.</>;
  }
  return view.waitSeconds > 0 ? (
    <>You can request a code for {phone} when the countdown below ends.</>
  ) : (
    <>Request a new code for {phone} below.</>
  );
}

function EmailField({
  email,
  onChange,
  disabled,
  error,
}: {
  email: string;
  onChange(value: string): void;
  disabled: boolean;
  error: string | null;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      required
      autoComplete="email"
      className="auth-email-input"
      value={email}
      disabled={disabled}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** PRODUCT.md 9: signs in as the demo investor, shows the demo admin's sign-in, then opens the portal. */
function DemoShortcut() {
  const navigate = useNavigate();
  const [result, setResult] = useState<DemoLoginResponse | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(DEMO_HINT_SECONDS);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const next = result?.next_screen ?? '/account-overview';

  useEffect(() => {
    if (!result) return;
    if (secondsLeft <= 0) {
      void refreshSession().then(() => navigate(next, { replace: true }));
      return;
    }
    const timer = window.setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [result, secondsLeft, next, navigate]);

  if (result?.admin_hint) {
    return (
      <div className="demo-hint" role="status">
        <p>
          <strong>You're in the demo account.</strong> To try the back office, sign in at{' '}
          <Link to={result.admin_hint.url}>{result.admin_hint.url}</Link> as{' '}
          <code>{result.admin_hint.email}</code> with password <code>{result.admin_hint.password}</code>.
        </p>
        <Button size="sm" onClick={() => setSecondsLeft(0)}>
          Open the demo account ({secondsLeft})
        </Button>
      </div>
    );
  }
  return (
    <div className="demo-hint">
      <p>Just looking? Explore a demo investor account with two years of history.</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button
        variant="secondary"
        size="sm"
        isBusy={isBusy}
        onClick={async () => {
          setError(null);
          setBusy(true);
          try {
            setResult(await startDemoSession());
          } catch (caught) {
            setError(messageOf(caught, authFallbacks.login));
          } finally {
            setBusy(false);
          }
        }}
      >
        Try the demo account
      </Button>
    </div>
  );
}
