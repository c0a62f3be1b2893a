import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { type AdminLoginRequest, adminLoginRequest } from '../../../shared/admin/auth-contracts';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/feedback';
import { TextField } from '../../components/ui/field';
import { Logo } from '../../components/ui/logo';
import { signInAdmin } from '../../lib/admin-sign-in';
import { useAdminSession } from '../../lib/admin-session';
import { appConfig } from '../../lib/app-config';
import { EnrolmentStep, SecondFactorStep } from './two-factor-steps';
import './admin-login.css';

/** /admin/login: 'Admin Portal' (admin spec 2), separate from investor sign-in. */
export function AdminLoginPage() {
  const { brandName } = appConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const { admin, token } = useAdminSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<{ step: 'verify' | 'enrol'; challenge: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AdminLoginRequest>({
    resolver: zodResolver(adminLoginRequest),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    document.title = `Admin Portal · ${brandName}`;
  }, [brandName]);

  const from = (location.state as { from?: unknown } | null)?.from;
  const destination = typeof from === 'string' && from.startsWith('/admin/') ? from : '/admin/dashboard';
  if (admin && token) return <Navigate to={destination} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await signInAdmin(values.email, values.password);
    if (result.ok === true) navigate(destination, { replace: true });
    else if (result.ok === 'second_factor') setSecondStep({ step: result.step, challenge: result.challenge });
    else setFailure(result.message);
  });
  const signedIn = () => navigate(destination, { replace: true });
  const restart = (message: string) => {
    setSecondStep(null);
    setFailure(message);
  };

  return (
    <main className="admin-login">
      <div className="admin-login-card">
        <div className="admin-login-brand">
          <Logo brandName={brandName} height={30} />
        </div>
        <h1>{secondStep?.step === 'enrol' ? 'Set up two-factor' : 'Admin Portal'}</h1>
        {secondStep?.step === 'verify' ? (
          <SecondFactorStep challenge={secondStep.challenge} onSignedIn={signedIn} onRestart={restart} />
        ) : null}
        {secondStep?.step === 'enrol' ? (
          <EnrolmentStep challenge={secondStep.challenge} onSignedIn={signedIn} onRestart={restart} />
        ) : null}
        {secondStep ? null : <p className="muted">Sign in with your staff account.</p>}
        {secondStep || !failure ? null : <Alert tone="error">{failure}</Alert>}
        <form onSubmit={onSubmit} noValidate hidden={secondStep !== null}>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" block isBusy={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
      </div>
    </main>
  );
}
