import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/feedback';
import { AuthCard, StepIndicator } from '../components/auth-card';
import { linkErrorMessage } from '../link-errors';

/**
 * /signup, 'Get started' (spec 2): the e-mail form (composed in by the router: the same one
 * the landing page and FAQ use), the error a failed magic link came back with, and 'Sign in'.
 */
export function SignupPage({ signUpForm }: { signUpForm: ReactNode }) {
  const [params] = useSearchParams();
  // The link's error stays until the visitor asks for a new link.
  const [isErrorDismissed, setErrorDismissed] = useState(false);
  const error = isErrorDismissed ? null : linkErrorMessage(params.get('error'));
  return (
    <AuthCard
      above={<StepIndicator current={1} />}
      title="Get started"
      subtitle="Enter your email and we'll send you a secure link to create your account. No password needed yet."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="auth-signup-form" onSubmitCapture={() => setErrorDismissed(true)}>
        {signUpForm}
      </div>
    </AuthCard>
  );
}
