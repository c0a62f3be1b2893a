import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmLinkRequest } from '../../../../shared/auth/contracts';
import { safeRedirectPath } from '../../../../shared/auth/safe-redirect';
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

/**
 * /auth/confirm: reads token_hash, type and redirect_to and POSTs the token (a plain GET of
 * this page, as mail scanners do, uses nothing). Then on to redirect_to, or back to /signup
 * with error=invalid_link|expired|auth_failed.
 */
export function ConfirmLinkPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const parsed = confirmLinkRequest.safeParse({
      token_hash: params.get('token_hash'),
      type: params.get('type'),
    });
    if (!parsed.success) {
      navigate('/signup?error=invalid_link', { replace: true });
      return;
    }
    void (async () => {
      const failure = await confirmMagicLink(parsed.data.token_hash, parsed.data.type);
      if (failure) {
        navigate(`/signup?error=${failure}`, { replace: true });
        return;
      }
      await refreshSession();
      navigate(confirmedTarget(params.get('redirect_to')), { replace: true });
    })();
  }, [params, navigate]);

  return (
    <AuthCard title="Signing you in" subtitle="Checking your link. This takes a moment.">
      <LoadingState text="Verifying..." />
    </AuthCard>
  );
}
