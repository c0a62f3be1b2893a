import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CONFIRMATION_REQUIRED } from '../../../../shared/auth/contracts';
import { safeRedirectPath } from '../../../../shared/auth/safe-redirect';
import { ButtonLink } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/feedback';
import { refreshSession } from '../../../lib/session';
import { confirmMagicLink } from '../api/auth-api';
import { AuthCard, AuthStatus } from '../components/auth-card';
import { linkErrorMessages } from '../link-errors';

const expiredMessage = linkErrorMessages.expired;

function providerErrorMessage(error: string, description: string | null): string {
  if (error === 'access_denied' || /expired/i.test(description ?? '')) return expiredMessage;
  return description || 'Authentication failed';
}

/**
 * /auth-callback (spec 2, PRODUCT.md 6): finishes a sign-in link or reports why it could not,
 * then goes (replacing history) to `redirect` or to the next onboarding screen. Hash tokens
 * (access_token, refresh_token) are refused, not used (decision 1861).
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const redirect = params.get('redirect');
    const finish = async () => {
      const session = await refreshSession();
      if (!session.isAuthenticated || !session.investor) {
        setError(session.error ? 'Failed to set session' : 'No authentication data found in URL');
        return;
      }
      navigate(safeRedirectPath(redirect, session.investor.next_screen), { replace: true });
    };

    const providerError = params.get('error');
    if (providerError) {
      setError(providerErrorMessage(providerError, params.get('error_description')));
      return;
    }
    const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    if (hash.get('access_token') || hash.get('refresh_token')) {
      // This platform never puts session tokens in URLs; a link that does is not ours (decision
      // 1861). Its tokens leave the address bar and the history entry, never to be reused.
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
      setError('Invalid authentication tokens');
      return;
    }
    const tokenHash = params.get('token_hash');
    const type = params.get('type');
    if (tokenHash && type) {
      void (async () => {
        const failure = await confirmMagicLink(tokenHash, type, { auto: true });
        if (failure === CONFIRMATION_REQUIRED) {
          // Another browser than the one that asked for the link: /auth/confirm asks for a click.
          const confirmation = new URLSearchParams({ token_hash: tokenHash, type });
          confirmation.set(
            'redirect_to',
            redirect ? `/auth-callback?redirect=${encodeURIComponent(redirect)}` : '/auth-callback',
          );
          navigate(`/auth/confirm?${confirmation.toString()}`, { replace: true });
        } else if (failure === 'expired') setError(expiredMessage);
        else if (failure) setError('Failed to verify magic link');
        else await finish();
      })();
      return;
    }
    void finish();
  }, [params, navigate]);

  if (!error) {
    return (
      <AuthCard title="Signing you in" subtitle="One moment.">
        <LoadingState />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="AUTHENTICATION ERROR">
      <AuthStatus tone="danger" title="We couldn't sign you in">
        <p className="muted">{error}</p>
      </AuthStatus>
      <div className="auth-actions">
        <ButtonLink to="/" block>
          Go to Home
        </ButtonLink>
        <ButtonLink to="/login" variant="secondary" block>
          Back to sign in
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
