/**
 * The routes of investor sign-up, onboarding and sign-in (spec 2), each page loaded on
 * demand and guarded by the one route table (src/shared/auth/next-screen.ts). Rendered
 * inside the public layout by router.tsx.
 */
import { lazy } from 'react';
import { Route } from 'react-router';
import { SignUpEmailForm } from '../features/public-site/components/sign-up-email-form';
import { SessionGuard } from '../lib/session-guard';

const SignupPage = lazy(() =>
  import('../features/auth/pages/signup-page').then((module) => ({ default: module.SignupPage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/pages/login-page').then((module) => ({ default: module.LoginPage })),
);
const ConfirmLinkPage = lazy(() =>
  import('../features/auth/pages/confirm-link-page').then((module) => ({ default: module.ConfirmLinkPage })),
);
const AuthCallbackPage = lazy(() =>
  import('../features/auth/pages/auth-callback-page').then((module) => ({
    default: module.AuthCallbackPage,
  })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/pages/verify-email-page').then((module) => ({ default: module.VerifyEmailPage })),
);
const SignupPhonePage = lazy(() =>
  import('../features/auth/pages/signup-phone-page').then((module) => ({ default: module.SignupPhonePage })),
);
const SignupPasswordPage = lazy(() =>
  import('../features/auth/pages/signup-password-page').then((module) => ({
    default: module.SignupPasswordPage,
  })),
);
const DashboardPage = lazy(() =>
  import('../features/auth/pages/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);
const GetStartedLayout = lazy(() =>
  import('./get-started-layout').then((module) => ({ default: module.GetStartedLayout })),
);
const GetStartedPage = lazy(() =>
  import('../features/auth/pages/get-started-page').then((module) => ({ default: module.GetStartedPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/reset-password-page').then((module) => ({
    default: module.ResetPasswordPage,
  })),
);

export function authRoutes() {
  return (
    <>
      <Route
        path="signup"
        element={
          <SessionGuard page="sign-in">
            <SignupPage signUpForm={<SignUpEmailForm />} />
          </SessionGuard>
        }
      />
      <Route path="login" element={<LoginPage />} />
      <Route path="auth/confirm" element={<ConfirmLinkPage />} />
      <Route path="auth-callback" element={<AuthCallbackPage />} />
      <Route
        path="verify-email"
        element={
          <SessionGuard page="verify-email">
            <VerifyEmailPage />
          </SessionGuard>
        }
      />
      <Route
        path="signup/phone"
        element={
          <SessionGuard page="signup-phone">
            <SignupPhonePage />
          </SessionGuard>
        }
      />
      <Route
        path="signup/password"
        element={
          <SessionGuard page="signup-password">
            <SignupPasswordPage />
          </SessionGuard>
        }
      />
      <Route
        path="dashboard"
        element={
          <SessionGuard page="dashboard">
            <DashboardPage />
          </SessionGuard>
        }
      />
      <Route path="reset-password" element={<ResetPasswordPage />} />
    </>
  );
}

/** /get-started and its twin /empty-state, in their own signed-in frame. */
export function getStartedRoutes() {
  return (
    <Route element={<GetStartedLayout />}>
      <Route path="get-started" element={<GetStartedPage />} />
      <Route path="empty-state" element={<GetStartedPage />} />
    </Route>
  );
}
