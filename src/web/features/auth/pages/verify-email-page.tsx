import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert, LoadingState } from '../../../components/ui/feedback';
import { useSession } from '../../../lib/session';
import { RESEND_FAILED_MESSAGE, startSignUp } from '../../../lib/start-sign-up';
import { authFallbacks, completeEmailVerification, resumeOnboarding } from '../api/auth-api';
import { AuthCard, AuthStatus, StepIndicator } from '../components/auth-card';

/** The pause before moving on, so the investor sees the e-mail is verified (spec 9: 1.5 s). */
const RESUME_DELAY_MS = 1500;

type Phase = 'verifying' | 'verified' | 'failed';

/**
 * /verify-email (PRODUCT.md 6): completes the e-mail step, then after 1.5 s follows the next
 * screen of `onboard-resume` (default /get-started). 'Resend Magic Link' sends a fresh link.
 */
export function VerifyEmailPage() {
  const { investor } = useSession();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('verifying');
  const [resendState, setResendState] = useState<'idle' | 'resending' | 'sent'>('idle');
  const [resendError, setResendError] = useState<string | null>(null);
  const hasStarted = useRef(false);
  const userId = investor?.user_id;

  useEffect(() => {
    if (!userId || hasStarted.current) return;
    hasStarted.current = true;
    let timer: number | undefined;
    void (async () => {
      try {
        await completeEmailVerification(userId);
        setPhase('verified');
        timer = window.setTimeout(async () => {
          const next = await resumeOnboarding(userId).catch(() => null);
          navigate(next ?? '/get-started', { replace: true });
        }, RESUME_DELAY_MS);
      } catch {
        setPhase('failed');
      }
    })();
    return () => window.clearTimeout(timer);
  }, [userId, navigate]);

  const onResend = async () => {
    if (!investor) return;
    setResendError(null);
    setResendState('resending');
    try {
      await startSignUp(investor.email, { fallbackMessage: RESEND_FAILED_MESSAGE });
      setResendState('sent');
    } catch (caught) {
      setResendError(caught instanceof Error ? caught.message : RESEND_FAILED_MESSAGE);
      setResendState('idle');
    }
  };

  return (
    <AuthCard above={<StepIndicator current={1} />} title="Verify your email">
      {phase === 'verifying' ? <LoadingState text="Verifying your email..." /> : null}
      {phase === 'verified' ? (
        <AuthStatus title="EMAIL VERIFIED">
          <p className="muted">
            Thanks{investor ? `, ${investor.email}` : ''}. Taking you to the next step...
          </p>
        </AuthStatus>
      ) : null}
      {phase === 'failed' ? <Alert tone="error">{authFallbacks.verification}</Alert> : null}
      {resendState === 'sent' ? (
        <Alert tone="success">We sent a new magic link to {investor?.email}. Check your email.</Alert>
      ) : null}
      {resendError ? <Alert tone="error">{resendError}</Alert> : null}
      <div className="auth-actions">
        <Button
          variant={phase === 'failed' ? 'primary' : 'secondary'}
          block
          onClick={onResend}
          isBusy={resendState === 'resending'}
        >
          {resendState === 'resending' ? 'RESENDING...' : 'Resend Magic Link'}
        </Button>
      </div>
    </AuthCard>
  );
}
