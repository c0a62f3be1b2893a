/**
 * Electronic delivery (decisions 1920-1922): the consent to electronic records (ESIGN) and the
 * separate consent to electronic tax forms, each with its state, the way to give it (the shared
 * consent form) and to withdraw it. Withdrawing never closes the account: the card says what
 * changed and where the paper goes.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { ConsentStatusResponse, ConsentView } from '../../../../shared/consents/consent-contracts';
import type { ConsentKind } from '../../../../shared/consents/consent-disclosures';
import {
  consentKeys,
  fetchConsents,
  withdrawConsent,
} from '../../../components/electronic-consent/consent-api';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Alert, Badge, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { Modal } from '../../../components/ui/modal';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { preloadableLazy, preloadOnIntent } from '../../../lib/preloadable-lazy';

// The consent form opens in a dialog: it loads when the pointer or focus reaches its button,
// not with the settings page (decision 1975).
const ElectronicConsentForm = preloadableLazy(() =>
  import('../../../components/electronic-consent/electronic-consent-form').then(
    (module) => module.ElectronicConsentForm,
  ),
);

const labels: Record<
  ConsentKind,
  { title: string; electronic: string; paper: string; withdrawEffect: string; consentedEffect: string }
> = {
  electronic_records: {
    title: 'Agreements, statements and notices',
    electronic: 'You receive them electronically, in your account and by e-mail.',
    paper:
      'We mail your monthly statements and account notices to you on paper. To buy or convert a note you will be asked to consent again, because agreements are signed electronically.',
    withdrawEffect:
      'Your account stays open and your notes keep earning. From now on we mail your monthly statements and account notices on paper, which takes longer than e-mail. To buy or convert a note you will be asked to consent again.',
    consentedEffect: 'Done. Your agreements, statements and notices now come electronically.',
  },
  tax_forms: {
    title: 'Tax forms (Form 1099-INT)',
    electronic: 'Your Form 1099-INT is in your account (Documents). You can still ask for a paper copy.',
    paper: 'We mail your Form 1099-INT to you on paper by January 31.',
    withdrawEffect:
      'We will mail your Form 1099-INT on paper by January 31. Forms already in your account stay there.',
    consentedEffect: 'Done. Your Form 1099-INT will be in your account instead of the mail.',
  },
};

function stateBadge(view: ConsentView) {
  if (view.is_current) return <Badge tone="success">Electronic</Badge>;
  if (view.state === 'given') return <Badge tone="warning">Consent needed again</Badge>;
  return <Badge>Paper</Badge>;
}

function stateLine(view: ConsentView): string {
  if (!view.recorded_at) return 'You have not consented.';
  const when = formatLocalDateTime(view.recorded_at);
  if (view.state === 'withdrawn') return `You withdrew your consent on ${when}.`;
  if (!view.is_current)
    return `You consented on ${when} to an earlier disclosure (${view.version}); it has changed since.`;
  return `You consented on ${when} (disclosure ${view.version}).`;
}

function ConsentRow({
  view,
  status,
  onChanged,
}: {
  view: ConsentView;
  status: ConsentStatusResponse;
  onChanged(message: string): void;
}) {
  const queryClient = useQueryClient();
  const copy = labels[view.kind];
  const [isConsentOpen, setConsentOpen] = useState(false);
  const [isWithdrawOpen, setWithdrawOpen] = useState(false);
  const [isWithdrawing, setWithdrawing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const withdraw = async () => {
    setWithdrawing(true);
    setFailure(null);
    try {
      const next = await withdrawConsent(view.kind);
      queryClient.setQueryData(consentKeys.status, next);
      setWithdrawOpen(false);
      onChanged(copy.withdrawEffect);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'An unexpected error occurred');
    } finally {
      setWithdrawing(false);
    }
  };

  return (
    <div className="delivery-row">
      <div className="delivery-row-head">
        <h3>{copy.title}</h3>
        {stateBadge(view)}
      </div>
      <p className="delivery-row-effect">{view.is_current ? copy.electronic : copy.paper}</p>
      <p className="muted delivery-row-when">{stateLine(view)}</p>
      <div className="delivery-row-actions">
        {view.is_current ? (
          <Button variant="secondary" size="sm" onClick={() => setWithdrawOpen(true)}>
            Withdraw consent
          </Button>
        ) : (
          <Button size="sm" {...preloadOnIntent(ElectronicConsentForm)} onClick={() => setConsentOpen(true)}>
            {view.kind === 'tax_forms' ? 'Get tax forms electronically' : 'Consent to electronic records'}
          </Button>
        )}
      </div>
      {isConsentOpen ? (
        <Modal
          title={
            view.kind === 'tax_forms' ? 'Consent to electronic tax forms' : 'Consent to electronic records'
          }
          onClose={() => setConsentOpen(false)}
          wide
        >
          <Suspense fallback={<LoadingState text="Loading the consent..." />}>
            <ElectronicConsentForm
              kind={view.kind}
              status={status}
              onConsented={() => {
                setConsentOpen(false);
                onChanged(copy.consentedEffect);
              }}
              onCancel={() => setConsentOpen(false)}
            />
          </Suspense>
        </Modal>
      ) : null}
      {isWithdrawOpen ? (
        <ConfirmDialog
          title={
            view.kind === 'tax_forms'
              ? 'Withdraw consent to electronic tax forms?'
              : 'Withdraw consent to electronic records?'
          }
          confirmLabel="Withdraw consent"
          tone="danger"
          isBusy={isWithdrawing}
          failure={failure}
          onConfirm={withdraw}
          onClose={() => setWithdrawOpen(false)}
        >
          <p>{copy.withdrawEffect}</p>
          {status.mailing_address ? (
            <p>
              We mail to: <strong>{status.mailing_address.join(', ')}</strong>
            </p>
          ) : (
            <p>Add your postal address under Tax information first so we can mail you.</p>
          )}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export function ElectronicDeliveryCard() {
  const consents = useQuery({ queryKey: consentKeys.status, queryFn: fetchConsents });
  const [changed, setChanged] = useState<string | null>(null);
  return (
    <section className="card" aria-labelledby="electronic-delivery-heading" id="electronic-delivery">
      <h2 id="electronic-delivery-heading" className="card-title">
        Electronic delivery
      </h2>
      {consents.isPending ? (
        <LoadingState text="Loading your delivery choices..." />
      ) : consents.isError ? (
        <ErrorState title="We couldn’t load your delivery choices" message={consents.error.message} />
      ) : (
        <>
          {changed ? (
            <Alert tone="success" title="What changed:">
              {changed}
            </Alert>
          ) : null}
          <ConsentRow view={consents.data.electronic_records} status={consents.data} onChanged={setChanged} />
          <ConsentRow view={consents.data.tax_forms} status={consents.data} onChanged={setChanged} />
          <p className="muted delivery-address">
            {consents.data.mailing_address
              ? `Paper goes to ${consents.data.mailing_address.join(', ')}. Change it under Tax information.`
              : 'Paper goes to the postal address under Tax information, once you add it.'}
          </p>
        </>
      )}
    </section>
  );
}
