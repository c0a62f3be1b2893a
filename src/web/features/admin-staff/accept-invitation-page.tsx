import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { InvitationLookup } from '../../../shared/admin/staff-contracts';
import { passwordWithConfirmationSchema } from '../../../shared/auth/password-policy';
import { roleLabel } from '../../../shared/admin/permissions';
import { Button } from '../../components/ui/button';
import { Alert, LoadingState } from '../../components/ui/feedback';
import { TextField } from '../../components/ui/field';
import { Logo } from '../../components/ui/logo';
import { ApiError, apiRequest } from '../../lib/api-client';
import { appConfig } from '../../lib/app-config';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Try again.';

/** /admin/invitation?token=: an invited staff member sets a password, then signs in. */
export function AcceptInvitationPage() {
  const { brandName } = appConfig();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [invitation, setInvitation] = useState<InvitationLookup | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isDone, setDone] = useState(false);

  useEffect(() => {
    document.title = `Join the back office · ${brandName}`;
  }, [brandName]);

  useEffect(() => {
    if (!token) {
      setLoadFailure('This invitation link is incomplete. Open the link from the e-mail again.');
      return;
    }
    apiRequest<InvitationLookup>('/api/admin/invitation/lookup', { method: 'POST', body: { token } })
      .then(setInvitation)
      .catch((error: unknown) => setLoadFailure(messageOf(error)));
  }, [token]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = passwordWithConfirmationSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'confirmPassword' ? 'confirmPassword' : 'password';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    setFailure(null);
    try {
      await apiRequest('/api/admin/invitation/accept', { method: 'POST', body: { token, password } });
      setDone(true);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="admin-login">
      <div className="admin-login-card">
        <div className="admin-login-brand">
          <Logo brandName={brandName} height={30} />
        </div>
        <h1>Join the back office</h1>
        {loadFailure ? <Alert tone="error">{loadFailure}</Alert> : null}
        {!loadFailure && !invitation ? <LoadingState /> : null}
        {isDone ? (
          <>
            <Alert tone="success">Your password is set.</Alert>
            <p>Sign in with {invitation?.email} to continue.</p>
            <Link className="btn btn-primary btn-block" to="/admin/login">
              Go to sign-in
            </Link>
          </>
        ) : null}
        {invitation && !isDone ? (
          <>
            <p className="muted">
              Welcome, {invitation.first_name}. You were invited as {roleLabel(invitation.role)} with{' '}
              <strong>{invitation.email}</strong>. Choose a password.
            </p>
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <form onSubmit={submit} noValidate>
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                hint="At least 12 characters with upper and lower case, a number and a symbol."
                error={errors.password}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <TextField
                label="Confirm password"
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword}
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.target.value)}
              />
              <Button type="submit" block isBusy={isBusy}>
                Set password
              </Button>
            </form>
          </>
        ) : null}
      </div>
    </main>
  );
}
