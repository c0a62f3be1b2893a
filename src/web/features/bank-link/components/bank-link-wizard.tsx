/**
 * The bank-link wizard (spec 4): identity (KYC), bank selection through the bank-connection
 * provider, then success, which closes after 2 s. Used from /settings (in a modal), from
 * /link-bank (the page /get-started and the purchase flow send investors to).
 */
import { useEffect, useRef, useState } from 'react';
import type { BankAccountView, IdentityStatusResponse } from '../../../../shared/banking/contracts';
import { maskedAccount } from '../../../../shared/banking/bank-account-numbers';
import { bankMessages } from '../../../../shared/banking/messages';
import { TAX_INFORMATION_ANCHOR } from '../../../../shared/settings/tax-information';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { fetchIdentityStatus } from '../api/bank-link-api';
import { BankConnectStep } from './bank-connect-step';
import { IdentityForm } from './identity-form';
import '../bank-link.css';

/** The spec's success step closes after 2 s. */
export const SUCCESS_CLOSE_MILLISECONDS = 2000;

type Step = { name: 'identity' } | { name: 'bank' } | { name: 'success'; account: BankAccountView };

const stepTitles = {
  identity: 'Verify your identity',
  bank: 'Connect your bank',
  success: 'Bank account linked',
};

export function bankLinkStepTitle(step: Step['name']): string {
  return stepTitles[step];
}

function StepIndicator({ current }: { current: Step['name'] }) {
  const steps: { name: Step['name']; label: string }[] = [
    { name: 'identity', label: 'Identity' },
    { name: 'bank', label: 'Bank' },
    { name: 'success', label: 'Done' },
  ];
  const currentIndex = steps.findIndex((step) => step.name === current);
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {steps.map((step, index) => (
        <li
          key={step.name}
          className="wizard-step"
          data-state={index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo'}
          aria-current={index === currentIndex ? 'step' : undefined}
        >
          <span className="wizard-step-number" aria-hidden="true">
            {index < currentIndex ? '✓' : index + 1}
          </span>
          {step.label}
        </li>
      ))}
    </ol>
  );
}

function IdentityStep({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const [status, setStatus] = useState<
    | { name: 'loading' }
    | { name: 'error'; message: string }
    | { name: 'ready'; identity: IdentityStatusResponse }
  >({ name: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchIdentityStatus()
      .then((identity) => {
        if (!controller.signal.aborted) setStatus({ name: 'ready', identity });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setStatus({ name: 'error', message: error instanceof Error ? error.message : 'Failed to load' });
        }
      });
    return () => controller.abort();
  }, []);

  if (status.name === 'loading') return <LoadingState />;
  if (status.name === 'error') return <ErrorState title="Something went wrong" message={status.message} />;
  const { identity } = status;
  if (identity.status === 'not_started' || identity.status === 'rejected') {
    return <IdentityForm onVerified={onDone} onCancel={onCancel} />;
  }
  // A record on file changes only in Settings (step-up, audit, notice).
  const changeInSettings = (
    // A whole page load: the wizard may sit in a dialog on /settings itself.
    <ButtonLink variant="secondary" to={`/settings#${TAX_INFORMATION_ANCHOR}`} reloadDocument>
      Change in Settings
    </ButtonLink>
  );
  if (identity.status === 'review') {
    return (
      <div>
        <Alert tone="info">{bankMessages.identityInReview}</Alert>
        <div className="wizard-actions">
          <Button variant="secondary" onClick={onCancel}>
            Back
          </Button>
          {changeInSettings}
        </div>
      </div>
    );
  }
  return (
    <div>
      <Alert tone="success" title="Identity verified.">
        {identity.legal_name}, SSN ending in {identity.ssn_last_four}.
      </Alert>
      <div className="wizard-actions">
        {changeInSettings}
        <Button onClick={onDone}>Continue</Button>
      </div>
    </div>
  );
}

function SuccessStep({ account }: { account: BankAccountView }) {
  const isVerified = account.verification_status === 'verified';
  return (
    <div className="wizard-success" role="status">
      <span className="wizard-success-icon" aria-hidden="true">
        ✓
      </span>
      <p className="wizard-success-title">
        {account.institution_name} {maskedAccount(account.account_last_four)}
      </p>
      <p className="muted">
        {isVerified
          ? 'Your account is linked and verified.'
          : account.verification_status === 'micro_deposits_pending'
            ? 'We are sending two small deposits. Confirm their amounts in Settings to finish verification.'
            : 'Your account is linked. Verification usually takes 1-2 business days.'}
      </p>
    </div>
  );
}

export interface BankLinkWizardProps {
  /** Back or close before the end. */
  onCancel(): void;
  /** 2 s after the success step shows. */
  onDone(account: BankAccountView): void;
  /** Lets a modal frame follow the step's title. */
  onStepChange?(title: string): void;
  /** Asks for a fresh SMS code when the server wants one (bank change); resolves true once given. */
  requestStepUp?: () => Promise<boolean>;
}

export function BankLinkWizard({ onCancel, onDone, onStepChange, requestStepUp }: BankLinkWizardProps) {
  const [step, setStep] = useState<Step>({ name: 'identity' });
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    onStepChange?.(stepTitles[step.name]);
  }, [step.name, onStepChange]);

  useEffect(() => {
    if (step.name !== 'success') return;
    const timer = window.setTimeout(() => onDoneRef.current(step.account), SUCCESS_CLOSE_MILLISECONDS);
    return () => window.clearTimeout(timer);
  }, [step]);

  return (
    <div className="bank-link-wizard">
      <StepIndicator current={step.name} />
      {step.name === 'identity' ? (
        <IdentityStep onDone={() => setStep({ name: 'bank' })} onCancel={onCancel} />
      ) : step.name === 'bank' ? (
        <BankConnectStep
          onLinked={(account) => setStep({ name: 'success', account })}
          onBack={() => setStep({ name: 'identity' })}
          requestStepUp={requestStepUp}
        />
      ) : (
        <SuccessStep account={step.account} />
      )}
    </div>
  );
}
