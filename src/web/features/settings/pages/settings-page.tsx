/**
 * /settings 'Account Settings' (spec 2): Back (to the page the gear was pressed on, or
 * /account-overview) and three cards loaded by the one settings query of the signed-in
 * investor. The bank-link wizard belongs to another feature: the app passes it in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useCallback, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../../shared/auth/safe-redirect';
import type { BankAccountView } from '../../../../shared/banking/contracts';
import { settingsMessages } from '../../../../shared/settings/settings-messages';
import { Button } from '../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../components/ui/feedback';
import { Modal } from '../../../components/ui/modal';
import { AfterFirstPaint } from '../../../lib/after-first-paint';
import { refreshSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { fetchSettings, settingsKeys } from '../api/settings-api';
import { ChangeBankModal } from '../components/change-bank-modal';
import { LazySettingsMoreCards } from '../components/lazy-settings-more-cards';
import { ProfileCard } from '../components/profile-card';
import { useStepUp } from '../hooks/use-step-up';
import '../settings.css';

export const SETTINGS_BACK_DEFAULT = '/account-overview';

export interface BankLinkWizardSlotProps {
  onCancel(): void;
  onDone(account: BankAccountView): void;
  onStepChange(title: string): void;
  requestStepUp(): Promise<boolean>;
}

type BankFlow = { name: 'closed' } | { name: 'explain-change' } | { name: 'wizard' };

function BankLinkModal({
  renderWizard,
  onClose,
  onLinked,
  requestStepUp,
}: {
  renderWizard(props: BankLinkWizardSlotProps): ReactNode;
  onClose(): void;
  onLinked(): void;
  requestStepUp(): Promise<boolean>;
}) {
  const [title, setTitle] = useState('Link a bank account');
  return (
    <Modal title={title} onClose={onClose} wide>
      {renderWizard({
        onCancel: onClose,
        onDone: () => {
          onLinked();
          onClose();
        },
        onStepChange: setTitle,
        requestStepUp,
      })}
    </Modal>
  );
}

export function SettingsPage({
  renderBankLinkWizard,
}: {
  renderBankLinkWizard(props: BankLinkWizardSlotProps): ReactNode;
}) {
  usePageTitle('Account Settings');
  const queryClient = useQueryClient();
  const location = useLocation();
  const [params] = useSearchParams();
  const stateFrom = (location.state as { from?: unknown } | null)?.from;
  const backTo = safeRedirectPath(
    params.get('from') ?? (typeof stateFrom === 'string' ? stateFrom : null),
    SETTINGS_BACK_DEFAULT,
  );
  const settings = useQuery({ queryKey: settingsKeys.settings, queryFn: fetchSettings });
  const [bankFlow, setBankFlow] = useState<BankFlow>({ name: 'closed' });
  const { requestStepUp, stepUpDialog } = useStepUp('change your bank account');

  const onLinked = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: settingsKeys.settings });
    // The header and the route table read the session: a verified account changes the next screen.
    await refreshSession();
  }, [queryClient]);

  const back = (
    <Link to={backTo} className="settings-back">
      <span aria-hidden="true">←</span> Back
    </Link>
  );

  if (settings.isPending) {
    return (
      <div className="settings-page">
        {back}
        <LoadingState />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div className="settings-page">
        {back}
        <ErrorState
          title={settingsMessages.unableToLoad}
          message={settings.error.message || settingsMessages.failedToLoad}
        />
        <div className="settings-retry">
          <Button variant="secondary" onClick={() => settings.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const data = settings.data;
  const primary = data.bank_accounts.find((account) => account.is_primary) ?? null;

  return (
    <div className="settings-page">
      {back}
      <header className="settings-head">
        <h1>Account Settings</h1>
        <p className="muted">
          Your profile, your tax details, the bank account you invest from, and how we keep you informed.
        </p>
      </header>
      <ProfileCard settings={data} />
      <AfterFirstPaint fallback={<LoadingState />}>
        <Suspense fallback={<LoadingState />}>
          <LazySettingsMoreCards
            settings={data}
            onLinkBank={() => setBankFlow({ name: 'wizard' })}
            onChangeBank={() => setBankFlow({ name: 'explain-change' })}
          />
        </Suspense>
      </AfterFirstPaint>
      {bankFlow.name === 'explain-change' && primary ? (
        <ChangeBankModal
          current={primary}
          onCancel={() => setBankFlow({ name: 'closed' })}
          onContinue={async () => {
            setBankFlow({ name: 'closed' });
            if (await requestStepUp()) setBankFlow({ name: 'wizard' });
          }}
        />
      ) : null}
      {bankFlow.name === 'wizard' ? (
        <BankLinkModal
          renderWizard={renderBankLinkWizard}
          onClose={() => setBankFlow({ name: 'closed' })}
          onLinked={onLinked}
          requestStepUp={requestStepUp}
        />
      ) : null}
      {stepUpDialog}
    </div>
  );
}
