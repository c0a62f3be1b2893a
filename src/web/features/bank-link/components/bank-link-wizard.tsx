/**
 * The bank-link wizard (spec 4): identity (KYC), bank selection through the bank-connection
 * provider, then success, which closes after 2 s. Used from /settings (in a modal), from
 * /link-bank (the page /get-started and the purchase flow send investors to).
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import type { BankAccountView, IdentityStatusResponse } from '../../../../shared/banking/contracts';
import { maskedAccount } from '../../../../shared/banking/bank-account-format';
import { bankMessages } from '../../../../shared/banking/messages';
import { isWatchlistHold, watchlistMessages } from '../../../../shared/banking/watchlist-status';
import { TAX_INFORMATION_ANCHOR } from '../../../../shared/settings/tax-information-anchor';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { appConfig } from '../../../lib/app-config';
import { refreshSession } from '../../../lib/session';
import { fetchIdentityStatus, recheckIdentity } from '../api/bank-link-api';
import '../bank-link.css';
import { bankLinkStepTitle } from './bank-link-steps';

// The identity form (zod, react-hook-form) and the bank step (the link popup's message schema)
// load when the wizard opens, not with every portal page (decision 1411).
const IdentityForm = lazy(() =>
  import('./identity-form').then((module) => ({ default: module.IdentityForm })),
);
const BankConnectStep = lazy(() =>
  import('./bank-connect-step').then((module) => ({ default: module.BankConnectStep })),
);

/** The spec's success step closes after 2 s. */
export const SUCCESS_CLOSE_MILLISECONDS = 2000;

type Step = { name: 'identity' } | { name: 'bank' } | { name: 'success'; account: BankAccountView };

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

function IdentityStep({
  onDone,
  onCancel,
  onIdentityVerified,
}: {
  onDone(): void;
  onCancel(): void;
  /** The check approved the identity just now (a watchlist hold stays on this step). */
  onIdentityVerified(): void;
}) {
  const [status, setStatus] = useState<
    | { name: 'loading' }
    | { name: 'error'; message: string }
    | { name: 'ready'; identity: IdentityStatusResponse }
    | { name: 'form' }
  >({ name: 'loading' });
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation asks for a fresh read.
  useEffect(() => {
    const controller = new AbortController();
    setStatus({ name: 'loading' });
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
  }, [generation]);

  const reload = () => setGeneration((value) => value + 1);

  if (status.name === 'loading') return <LoadingState />;
  if (status.name === 'error') return <ErrorState title="Something went wrong" message={status.message} />;
  // A verified identity with a watchlist hit stops on its screen: purchases will be paused.
  const onVerified = (verified: IdentityStatusResponse) => {
    onIdentityVerified();
    if (isWatchlistHold(verified.watchlist)) setStatus({ name: 'ready', identity: verified });
    else onDone();
  };
  if (status.name === 'form' || (status.name === 'ready' && status.identity.status === 'not_started')) {
    return (
      <Suspense fallback={<LoadingState />}>
        <IdentityForm onVerified={onVerified} onSettled={reload} onCancel={onCancel} />
      </Suspense>
    );
  }
  const { identity } = status;
  if (identity.status === 'rejected') {
    return <IdentityFailed onRetry={() => setStatus({ name: 'form' })} onCancel={onCancel} />;
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
      <IdentityPending
        identity={identity}
        onChecked={(next) => setStatus({ name: 'ready', identity: next })}
        onApproved={() => {
          onIdentityVerified();
          onDone();
        }}
        onCancel={onCancel}
        changeInSettings={changeInSettings}
      />
    );
  }
  // A watchlist hit is one message: the identity was checked, and purchases wait for a review.
  const isOnHold = isWatchlistHold(identity.watchlist);
  return (
    <div>
      {isOnHold ? (
        <Alert tone="warning" title="A routine review is in progress.">
          {watchlistMessages.purchasesPaused}
        </Alert>
      ) : (
        <Alert tone="success" title="Identity verified.">
          {identity.legal_name}, SSN ending in {identity.ssn_last_four}.
        </Alert>
      )}
      {isOnHold ? (
        <p className="muted identity-outcome-checked">
          Details on file: {identity.legal_name}, SSN ending in {identity.ssn_last_four}. You can link your
          bank account meanwhile.
        </p>
      ) : null}
      <div className="wizard-actions">
        {changeInSettings}
        <Button onClick={onDone}>Continue</Button>
      </div>
    </div>
  );
}

/** A failed verification: what it means and what to do next (nothing of the attempt is kept). */
function IdentityFailed({ onRetry, onCancel }: { onRetry(): void; onCancel(): void }) {
  const { supportEmail } = appConfig();
  return (
    <div className="identity-outcome">
      <Alert tone="error" title="We could not verify your identity.">
        The details did not match the records our verification partner checks. Nothing you entered was kept.
      </Alert>
      <h3 className="identity-outcome-heading">What to do</h3>
      <ul className="identity-outcome-list">
        <li>Use your full legal name as it appears on your Social Security card.</li>
        <li>Check your date of birth and Social Security number digit by digit.</li>
        <li>Give the home address your bank and the IRS have on file, not a P.O. box.</li>
        <li>
          Still not working? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and we will help
          you finish by hand.
        </li>
      </ul>
      <div className="wizard-actions">
        <Button variant="secondary" onClick={onCancel}>
          Back
        </Button>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}

/** A pending verification: what happens next, and a re-check that reads it from the provider. */
function IdentityPending({
  identity,
  onChecked,
  onApproved,
  onCancel,
  changeInSettings,
}: {
  identity: IdentityStatusResponse;
  onChecked(identity: IdentityStatusResponse): void;
  onApproved(): void;
  onCancel(): void;
  changeInSettings: ReactNode;
}) {
  const [isChecking, setIsChecking] = useState(false);
  const [note, setNote] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  const check = async () => {
    setIsChecking(true);
    setNote(null);
    try {
      const result = await recheckIdentity();
      if (result.ok) {
        onApproved();
        return;
      }
      if (result.identity) onChecked(result.identity);
      setNote({
        tone: result.identity?.status === 'review' ? 'info' : 'error',
        text:
          result.identity?.status === 'review'
            ? 'Still in review. We will e-mail you as soon as it is decided.'
            : (result.error ?? bankMessages.identityRejected),
      });
    } catch (caught) {
      setNote({ tone: 'error', text: caught instanceof Error ? caught.message : 'Please try again.' });
    } finally {
      setIsChecking(false);
    }
  };

  return (
    <div className="identity-outcome" aria-busy={isChecking}>
      <Alert tone="info" title="Verification pending.">
        {bankMessages.identityInReview}
      </Alert>
      <h3 className="identity-outcome-heading">What happens next</h3>
      <ol className="identity-outcome-list">
        <li>Our verification partner is checking your details against its records.</li>
        <li>Most checks finish within minutes; some need a person, which can take up to one business day.</li>
        <li>We e-mail you when it is decided. You can close this window; your details are saved.</li>
      </ol>
      {identity.checked_at ? (
        <p className="muted identity-outcome-checked">Last checked {formatCheckedAt(identity.checked_at)}.</p>
      ) : null}
      {note ? <Alert tone={note.tone}>{note.text}</Alert> : null}
      <div className="wizard-actions">
        <Button variant="secondary" onClick={onCancel} disabled={isChecking}>
          Back
        </Button>
        {changeInSettings}
        {identity.can_recheck ? (
          <Button onClick={check} isBusy={isChecking}>
            {isChecking ? 'Checking...' : 'Check again'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function formatCheckedAt(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
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
  const queryClient = useQueryClient();
  // The header's VERIFIED, the route table and the overview's purchase banner read the member's
  // state: read it again as each step finishes, not at the next reload.
  const refreshMemberState = () => {
    void refreshSession();
    void queryClient.invalidateQueries();
  };
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    onStepChange?.(bankLinkStepTitle(step.name));
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
        <IdentityStep
          onDone={() => setStep({ name: 'bank' })}
          onCancel={onCancel}
          onIdentityVerified={refreshMemberState}
        />
      ) : step.name === 'bank' ? (
        <Suspense fallback={<LoadingState />}>
          <BankConnectStep
            onLinked={(account) => {
              refreshMemberState();
              setStep({ name: 'success', account });
            }}
            onBack={() => setStep({ name: 'identity' })}
            requestStepUp={requestStepUp}
          />
        </Suspense>
      ) : (
        <SuccessStep account={step.account} />
      )}
    </div>
  );
}
