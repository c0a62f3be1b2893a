import { useNavigate } from 'react-router';
import { refreshSession } from '../../../lib/session';
import { setPassword } from '../api/auth-api';
import { AuthCard, StepIndicator } from '../components/auth-card';
import { PasswordForm } from '../components/password-form';

/** /signup/password: create the password and confirm it; then the welcome screen (spec 2). */
export function SignupPasswordPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      above={<StepIndicator current={3} />}
      title="Create your password"
      subtitle="Last step. You'll sign in with your email, this password and a code sent to your phone."
    >
      <PasswordForm
        submitLabel="Create account"
        busyLabel="CREATING ACCOUNT..."
        onSubmit={async ({ password, confirmPassword }) => {
          const next = await setPassword(password, confirmPassword);
          await refreshSession();
          navigate(next, { replace: true });
        }}
      />
    </AuthCard>
  );
}
