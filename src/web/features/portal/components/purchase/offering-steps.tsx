/**
 * The offering's steps before the agreement (issue 26): the investor profile when the offering
 * needs one (decision 1933), then the current offering circular, opened and acknowledged
 * (decision 1932). Each is its own small component so other pre-agreement steps (the ESIGN
 * consent) sit beside them; `OfferingAllowance` shows, under the form, how much may still be
 * bought in the offering.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatUsd } from '../../../../../shared/format/money-format';
import type { PurchaseOfferingResponse } from '../../../../../shared/offerings/offering-contracts';
import { exemptionLabels } from '../../../../../shared/offerings/offering-rules';
import { InvestorProfileForm } from '../../../../components/investor-profile-form';
import { Button } from '../../../../components/ui/button';
import { Alert } from '../../../../components/ui/feedback';
import { Checkbox } from '../../../../components/ui/field';
import { acknowledgeOfferingCircular, saveProfileBeforePurchase } from '../../api/portal-api';

/** Whether the offering asks for a step before the agreement. */
export function hasOfferingSteps(offering: PurchaseOfferingResponse | undefined): boolean {
  return Boolean(offering && (offering.needs_profile || offering.circular_to_acknowledge));
}

export function OfferingAllowance({ offering }: { offering: PurchaseOfferingResponse | undefined }) {
  if (!offering) return null;
  if (offering.blocked_message) return <Alert tone="warning">{offering.blocked_message}</Alert>;
  if (offering.amount_left === null) return null;
  const text =
    offering.limited_by === 'investor'
      ? `Your Regulation A limit leaves ${formatUsd(offering.amount_left)} you can still invest in the next 12 months.`
      : `${formatUsd(offering.amount_left)} is left in this offering for now.`;
  return (
    <p className="muted purchase-offering-allowance" data-testid="offering-allowance">
      {text}
    </p>
  );
}

export function InvestorProfileStep({ onBack }: { onBack(): void }) {
  const queryClient = useQueryClient();
  return (
    <div className="purchase-offering-step">
      <h4>Your investor profile</h4>
      <p className="muted">
        This offering is sold under Regulation A, which limits how much a non-accredited investor may buy.
        Tell us which applies to you; you can change it later in Settings.
      </p>
      <InvestorProfileForm
        profile={null}
        submitLabel="Save and continue"
        onCancel={onBack}
        onSave={async (input) => {
          await saveProfileBeforePurchase(input);
          await queryClient.invalidateQueries({ queryKey: ['portal', 'purchase-offering'] });
        }}
      />
    </div>
  );
}

export function CircularStep({ offering, onBack }: { offering: PurchaseOfferingResponse; onBack(): void }) {
  const queryClient = useQueryClient();
  const circular = offering.circular_to_acknowledge!;
  const [hasOpened, setOpened] = useState(false);
  const [hasRead, setRead] = useState(false);
  const acknowledge = useMutation({
    mutationFn: () => acknowledgeOfferingCircular(offering.offering_id, circular.version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal', 'purchase-offering'] }),
  });
  return (
    <div className="purchase-offering-step">
      <h4>Offering circular</h4>
      <p>
        This note is sold in the offering “{offering.offering_name}” ({exemptionLabels[offering.exemption]}).
        Before you buy, please read its offering circular, version {circular.version}: it describes the notes,
        the company and the risks of investing.
      </p>
      <p>
        <a
          className="btn btn-secondary"
          href={circular.url}
          target="_blank"
          rel="noreferrer"
          onClick={() => setOpened(true)}
        >
          Open the offering circular (PDF)
        </a>
      </p>
      <Checkbox
        label={`I have read the offering circular, version ${circular.version}`}
        checked={hasRead}
        disabled={!hasOpened}
        onChange={(event) => setRead(event.target.checked)}
      />
      {!hasOpened ? <p className="muted">Open the circular first.</p> : null}
      {acknowledge.isError ? <Alert tone="error">{acknowledge.error.message}</Alert> : null}
      <div className="modal-footer">
        <Button variant="secondary" onClick={onBack}>
          BACK
        </Button>
        <Button disabled={!hasRead} isBusy={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
          Acknowledge and continue
        </Button>
      </div>
    </div>
  );
}
