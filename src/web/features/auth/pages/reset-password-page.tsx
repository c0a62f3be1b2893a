import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { stillValidCodeNote } from '../../../../shared/auth/sms-code';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/feedback';
import { localTimeZone } from '../../../lib/local-time-zone';
import { refreshSession, useSession } from '../../../lib/session';
import { type SentCode, sentCodeOf, setPassword, startStepUp, verifyStepUp } from '../api/auth-api';
import { AuthCard, AuthStatus } from '../components/auth-card';
import { CodeVerificationForm } from '../components/code-verification-form';
import { PasswordForm } from '../components/password-form';

type Step =
  | { kind: 'password' }
  | ({ kind: 'code'; password: string; confirmPassword: string; phoneMask: string } & SentCode)
  | { kind: 'done'; next: string };

/**
 * /reset-password, where "Forgot password?" leads (PRODUCT.md 8): a new password, then a
 * fresh SMS code before it is saved; the investor's other sessions end.
 */
export function ResetPasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  if (session.isLoading) return <LoadingState />;
  if (!session.investor) return <Navigate to="/login" replace />;
  if (!session.investor.password_set || !session.investor.phone_verified) {
    return <Navigate to={session.investor.next_screen} replace />;
  }

  if (step.kind === 'done') {
    return (
      <AuthCard title="Password changed">
        <AuthStatus title="ALL SET">
          <p className="muted">Your new password is saved. Other devices were signed out.</p>
        </AuthStatus>
        <div className="auth-actions">
          <Button block onClick={() => navigate(step.next, { replace: true })}>
            Continue
          </Button>
        </div>
      </AuthCard>
    );
  }
  if (step.kind === 'code') {
    return (
      <AuthCard title="Confirm it's you" subtitle="Enter the code we texted you to save your new password.">
        <CodeVerificationForm
          description={
            <>
              We sent a 6-digit code to <strong>{step.phoneMask}</strong>
              {step.reusedFrom ? stillValidCodeNote(step.reusedFrom, localTimeZone()) : '.'}
            </>
          }
          initialWaitSeconds={step.waitSeconds}
          verify={async (code) => {
            await verifyStepUp(code);
            const next = await setPassword(step.password, step.confirmPassword);
            await refreshSession();
            setStep({ kind: 'done', next });
          }}
          resend={async () => sentCodeOf(await startStepUp({ resend: true })).waitSeconds}
          onVerified={() => undefined}
          submitLabel="Save new password"
          secondaryAction={
            <Button variant="link" onClick={() => setStep({ kind: 'password' })}>
              Back
            </Button>
          }
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      subtitle={`For ${session.investor.email}. We'll text you a code to confirm.`}
    >
      <PasswordForm
        submitLabel="Continue"
        busyLabel="SENDING CODE..."
        onSubmit={async ({ password, confirmPassword }) => {
          const sent = await startStepUp();
          setStep({
            kind: 'code',
            password,
            confirmPassword,
            phoneMask: sent.phone_mask ?? 'your phone',
            ...sentCodeOf(sent),
          });
        }}
      />
    </AuthCard>
  );
}
