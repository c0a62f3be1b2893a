/**
 * Before the agreement step of a purchase or conversion (decision 1920): an investor without a
 * current consent to electronic records gives it here first, because the agreement they are
 * about to sign is an electronic record. With a current consent the agreement shows at once.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { consentKeys, fetchConsents } from '../../../../components/electronic-consent/consent-api';
import { ElectronicConsentForm } from '../../../../components/electronic-consent/electronic-consent-form';
import { ErrorState, LoadingState } from '../../../../components/ui/feedback';

const intros = {
  none: 'Your note agreement is an electronic record. Before you sign it, read how we give you records electronically and consent.',
  given:
    'We have updated how we give you records electronically. Please read the new disclosure and consent again before you sign.',
  withdrawn:
    'You withdrew your consent to electronic records, so we mail you paper. To sign this agreement electronically, consent again: your statements and notices then come electronically too.',
} as const;

export function ElectronicRecordsGate({ onBack, children }: { onBack(): void; children: ReactNode }) {
  const consents = useQuery({ queryKey: consentKeys.status, queryFn: fetchConsents });
  if (consents.isPending) return <LoadingState text="Checking your consent to electronic records..." />;
  if (consents.isError) {
    return <ErrorState title="We couldn’t check your consent" message={consents.error.message} />;
  }
  const { electronic_records: esign } = consents.data;
  if (esign.is_current) return <>{children}</>;
  return (
    <ElectronicConsentForm
      kind="electronic_records"
      status={consents.data}
      intro={intros[esign.state]}
      onConsented={() => undefined}
      onCancel={onBack}
      cancelLabel="BACK"
    />
  );
}
