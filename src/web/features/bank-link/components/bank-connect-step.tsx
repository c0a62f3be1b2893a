/**
 * The bank step of the wizard: a link session from the server, the provider's Link in a
 * popup, then the exchange. Each failure shows the spec's message with Try Again and Back.
 */
import { useCallback, useEffect, useState } from 'react';
import type {
  BankAccountView,
  LinkPopupMessage,
  LinkTokenResponse,
} from '../../../../shared/banking/contracts';
import { bankMessages } from '../../../../shared/banking/messages';
import { Button } from '../../../components/ui/button';
import { Alert, LoadingState } from '../../../components/ui/feedback';
import { createLinkToken, exchangeLink } from '../api/bank-link-api';
import { openLinkPopup, useLinkPopupMessages } from '../hooks/use-link-popup';

type Phase =
  | { name: 'creating' }
  | { name: 'ready'; token: LinkTokenResponse & { link_token: string } }
  | { name: 'waiting'; token: LinkTokenResponse & { link_token: string }; popup: Window }
  | { name: 'exchanging' }
  | {
      name: 'failed';
      message: string;
      detail: string | null;
      retry: 'token' | 'open';
      token?: LinkTokenResponse & { link_token: string };
    };

function errorText(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}

export function BankConnectStep({
  onLinked,
  onBack,
  requestStepUp,
}: {
  onLinked(account: BankAccountView): void;
  onBack(): void;
  /** Asks for a fresh SMS code when the server wants one (a bank change); resolves true once given. */
  requestStepUp?: () => Promise<boolean>;
}) {
  const [phase, setPhase] = useState<Phase>({ name: 'creating' });

  const startSession = useCallback(async () => {
    setPhase({ name: 'creating' });
    try {
      let token = await createLinkToken();
      if (
        !token.link_token &&
        token.error_code === 'step_up_required' &&
        requestStepUp &&
        (await requestStepUp())
      ) {
        token = await createLinkToken();
      }
      if (!token.link_token) {
        setPhase({
          name: 'failed',
          message: bankMessages.failedToCreateLinkToken,
          detail: token.error && token.error !== bankMessages.failedToCreateLinkToken ? token.error : null,
          retry: 'token',
        });
        return;
      }
      const ready = { ...token, link_token: token.link_token };
      if (!token.link_url) {
        setPhase({
          name: 'failed',
          message: bankMessages.failedToInitialize(token.provider_name ?? 'Plaid'),
          detail: null,
          retry: 'token',
        });
        return;
      }
      setPhase({ name: 'ready', token: ready });
    } catch (error) {
      setPhase({
        name: 'failed',
        message: bankMessages.failedToCreateLinkToken,
        detail: errorText(error),
        retry: 'token',
      });
    }
  }, [requestStepUp]);

  useEffect(() => {
    void startSession();
  }, [startSession]);

  const openPopup = (token: LinkTokenResponse & { link_token: string }) => {
    const popup = token.link_url ? openLinkPopup(token.link_url) : null;
    if (!popup) {
      setPhase({ name: 'failed', message: bankMessages.allowPopups, detail: null, retry: 'open', token });
      return;
    }
    setPhase({ name: 'waiting', token, popup });
  };

  const finish = async (
    token: LinkTokenResponse & { link_token: string },
    message: Extract<LinkPopupMessage, { action: 'success' }>,
  ) => {
    setPhase({ name: 'exchanging' });
    try {
      const result = await exchangeLink({
        link_token: token.link_token,
        ...(message.public_token ? { public_token: message.public_token } : {}),
        ...(message.oauth_state_id ? { oauth_state_id: message.oauth_state_id } : {}),
        ...(message.account_id ? { account_id: message.account_id } : {}),
        ...(message.metadata ? { metadata: message.metadata } : {}),
      });
      if (result.ok && result.bank_account) {
        onLinked(result.bank_account);
        return;
      }
      setPhase({
        name: 'failed',
        message: bankMessages.failedToLink,
        detail: result.error && result.error !== bankMessages.failedToLink ? result.error : null,
        retry: 'token',
      });
    } catch (error) {
      setPhase({
        name: 'failed',
        message: bankMessages.failedToLink,
        detail: errorText(error),
        retry: 'token',
      });
    }
  };

  useLinkPopupMessages(phase.name === 'waiting' ? phase.popup : null, (message) => {
    if (phase.name !== 'waiting') return;
    const { token } = phase;
    if (message.action === 'success') {
      void finish(token, message);
    } else if (message.action === 'exit' && message.error === 'init_failed') {
      setPhase({
        name: 'failed',
        message: bankMessages.failedToInitialize(token.provider_name ?? 'Plaid'),
        detail: null,
        retry: 'token',
      });
    } else if (message.action === 'exit' && message.error === 'link_failed') {
      setPhase({ name: 'failed', message: bankMessages.failedToComplete, detail: null, retry: 'token' });
    } else {
      setPhase({ name: 'ready', token });
    }
  });

  if (phase.name === 'creating') return <LoadingState text="Preparing a secure connection..." />;
  if (phase.name === 'exchanging') return <LoadingState text="Linking your account..." />;
  if (phase.name === 'failed') {
    return (
      <div className="bank-step">
        <Alert tone="error" title={phase.message}>
          {phase.detail ?? 'Nothing was linked. You can try again, or go back.'}
        </Alert>
        <div className="wizard-actions">
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
          <Button
            onClick={() => {
              if (phase.retry === 'open' && phase.token) openPopup(phase.token);
              else void startSession();
            }}
          >
            Try Again
          </Button>
        </div>
      </div>
    );
  }
  const { token } = phase;
  const providerName = token.provider_name ?? 'Plaid';
  return (
    <div className="bank-step">
      <div className="bank-step-intro">
        <span className="bank-step-lock">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="22"
            height="22"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <rect x="4" y="10" width="16" height="11" rx="2" />
            <path d="M8 10V7a4 4 0 0 1 8 0v3" />
          </svg>
        </span>
        <div>
          <p className="bank-step-title">Connect the account you will invest from</p>
          <p className="muted">
            A secure {providerName === 'Sandbox' ? 'sandbox' : providerName} window opens where you choose
            your bank and account. We never see your bank password, and we keep only the last four digits on
            screen.
          </p>
        </div>
      </div>
      {token.is_bank_change ? (
        <Alert tone="info">Your current account stays primary until the new one is verified.</Alert>
      ) : null}
      {phase.name === 'waiting' ? (
        <p className="bank-step-waiting" role="status">
          <span className="spinner" aria-hidden="true" /> Finish in the {providerName} window. Closed it by
          mistake?{' '}
          <button type="button" className="btn-link" onClick={() => openPopup(token)}>
            Open it again
          </button>
        </p>
      ) : null}
      <div className="wizard-actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={() => openPopup(token)} disabled={phase.name === 'waiting'}>
          Connect bank account
        </Button>
      </div>
    </div>
  );
}
