import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CONFIRMATION_REQUIRED, confirmLinkRequest } from '../../../../shared/auth/contracts';
import { safeRedirectPath } from '../../../../shared/auth/safe-redirect';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/feedback';
import { refreshSession } from '../../../lib/session';
import { confirmMagicLink } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

const AUTH_CALLBACK = '/auth-callback';

/** Adds session_set=true unless the target is the auth callback (spec 2). */
export function confirmedTarget(redirectTo: string | null): string {
  const target = safeRedirectPath(redirectTo, AUTH_CALLBACK);
  const url = new URL(target, 'https://same-origin.invalid');
  if (url.pathname !== AUTH_CALLBACK) url.searchParams.set('session_set', 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What the Continue screen says, by the kind of link (sign-up, sign-in or password reset). */
export function continueCopy(type: string, redirectTo: string | null): { title: string; action: string } {
  if (type === 'recovery') return { title: 'Choose a new password', action: 'choose a new password' };
  if (safeRedirectPath(redirectTo, AUTH_CALLBACK).startsWith('/verify-email')) {
    return { title: 'Confirm your email', action: 'confirm your email and set up your account' };
  }
  return { title: 'Sign in', action: 'sign in' };
}

type Phase = 'checking' | 'ask' | 'confirming';

/**
 * /auth/confirm: reads token_hash, type and redirect_to and POSTs the token (a plain GET of
 * this page, as mail scanners do, uses nothing). The page posts by itself only in the browser
 * that asked for the link (PRODUCT.md 34); anywhere else, where a scanner may be running the
 * page, it shows one Continue button. Then on to redirect_to, or back to /signup with
 * error=invalid_link|expired|auth_failed.
 */
export function ConfirmLinkPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  const [phase, setPhase] = useState<Phase>('checking');
  const parsed = confirmLinkRequest.safeParse({
    token_hash: params.get('token_hash'),
    type: params.get('type'),
  });
  const tokenHash = parsed.success ? parsed.data.token_hash : null;
  const type = parsed.success ? parsed.data.type : null;
  const redirectTo = params.get('redirect_to');

  const confirm = useCallback(
    async (auto: boolean) => {
      if (!tokenHash || !type) return;
      const outcome = await confirmMagicLink(tokenHash, type, { auto });
      if (outcome === CONFIRMATION_REQUIRED) {
        setPhase('ask');
        return;
      }
      if (outcome) {
        navigate(`/signup?error=${outcome}`, { replace: true });
        return;
      }
      await refreshSession();
      navigate(confirmedTarget(redirectTo), { replace: true });
    },
    [tokenHash, type, redirectTo, navigate],
  );

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (!tokenHash || !type) {
      navigate('/signup?error=invalid_link', { replace: true });
      return;
    }
    void confirm(true);
  }, [tokenHash, type, confirm, navigate]);

  if (phase === 'checking' || !type) {
    return (
      <AuthCard title="Signing you in" subtitle="Checking your link. This takes a moment.">
        <LoadingState text="Verifying..." />
      </AuthCard>
    );
  }
  const copy = continueCopy(type, redirectTo);
  return (
    <AuthCard title={copy.title} subtitle={`Continue to ${copy.action} in this browser.`}>
      <div className="auth-actions">
        <Button
          block
          isBusy={phase === 'confirming'}
          onClick={() => {
            setPhase('confirming');
            void confirm(false);
          }}
        >
          {phase === 'confirming' ? 'CONTINUING...' : 'Continue'}
        </Button>
      </div>
      <p className="muted auth-note">
        This link was opened in a different browser from the one that asked for it, so we check with you
        first. It works once. If you did not ask for it, close this page: nothing happens until you continue.
      </p>
    </AuthCard>
  );
}
