import type { ReactNode } from 'react';
import '../auth.css';

/** The frame of every sign-up and sign-in screen: a centred card with a heading. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  isWide,
  above,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  isWide?: boolean;
  above?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <section className={isWide ? 'auth-card auth-card-wide' : 'auth-card'} aria-labelledby="auth-title">
        {above}
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </section>
    </div>
  );
}

/** A centred status: an icon, a title and what to do next. */
export function AuthStatus({
  tone = 'accent',
  title,
  children,
}: {
  tone?: 'accent' | 'danger';
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="auth-status" role={tone === 'danger' ? 'alert' : 'status'}>
      <span
        className={tone === 'danger' ? 'auth-status-icon auth-status-icon-danger' : 'auth-status-icon'}
        aria-hidden="true"
      >
        {tone === 'danger' ? <WarningIcon /> : <MailIcon />}
      </span>
      <p className="auth-status-title">{title}</p>
      {children}
    </div>
  );
}

function MailIcon() {
  return (
    <svg
      width="26"
      height="26"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6 8.5-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function WarningIcon() {
  return (
    <svg
      width="26"
      height="26"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M12 4 2.8 19.5h18.4Z" strokeLinejoin="round" />
      <path d="M12 10v4.5M12 17.2v.3" strokeLinecap="round" />
    </svg>
  );
}

const onboardingSteps = ['Email', 'Phone', 'Password'] as const;

/** Where the investor is in the onboarding order (e-mail, phone, password). */
export function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="step-indicator" aria-label={`Step ${current} of ${onboardingSteps.length}`}>
      {onboardingSteps.map((step, index) => {
        const position = index + 1;
        const state = position < current ? 'done' : position === current ? 'current' : 'todo';
        return (
          <li key={step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            {step}
          </li>
        );
      })}
    </ol>
  );
}
