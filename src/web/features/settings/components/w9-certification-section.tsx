/**
 * The Form W-9 certification of the TIN on file (decision 1910), under the tax details: certified
 * (when, and whether item 2 was crossed out), or asked for with the IRS's statements and what
 * happens until it is given (backup withholding at the set rate, after any grace).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatRatePercent } from '../../../../shared/tax/backup-withholding';
import {
  W9_CERTIFICATION_VERSION,
  w9CertificationMessages,
} from '../../../../shared/tax/w9-certification-text';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, LoadingState } from '../../../components/ui/feedback';
import { formatLocalLongDate } from '../../../lib/format-date-time';
import { refreshSession } from '../../../lib/session';
import { certifyW9, fetchW9Status, w9Keys } from '../api/settings-api';
import { type W9Choices, W9Statements } from './w9-statements';

export function W9CertificationSection() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: w9Keys.status, queryFn: fetchW9Status });
  const [choices, setChoices] = useState<W9Choices>({ agree: false, crossOutItem2: false });
  const [isRecertifying, setRecertifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const certify = useMutation({
    mutationFn: () =>
      certifyW9({ agree: true, crossOutItem2: choices.crossOutItem2, version: W9_CERTIFICATION_VERSION }),
    onSuccess: (answer) => {
      queryClient.setQueryData(w9Keys.status, answer.status);
      // The portal's banner reads the session answer: read it again so the banner goes.
      void refreshSession();
      setDone(answer.message);
      setRecertifying(false);
      setChoices({ agree: false, crossOutItem2: false });
    },
    onError: (caught) =>
      setError(caught instanceof Error ? caught.message : 'Failed to save the certification'),
  });

  if (status.isPending) return <LoadingState text="Loading your certification..." />;
  if (status.isError) {
    return (
      <Alert tone="error">We could not load your Form W-9 certification. Reload the page to try again.</Alert>
    );
  }
  const view = status.data;
  const rate = formatRatePercent(view.rate);
  const isAsking = view.needs_certification || isRecertifying;

  return (
    <div className="w9-section" id="w9-certification">
      <h3>Form W-9 certification</h3>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {view.reasons.includes('b_notice') ? (
        <Alert tone="warning" title="The IRS told us your name and taxpayer ID do not match its records.">
          Until this is resolved we withhold {rate} of the interest we pay you and send it to the IRS (backup
          withholding). We have written to you about what to send us.
        </Alert>
      ) : null}
      {view.certification && !isRecertifying ? (
        <div className="w9-certified">
          <p>
            <Badge tone={view.certification.subject_to_backup_withholding ? 'warning' : 'success'}>
              {view.certification.subject_to_backup_withholding
                ? 'Certified, item 2 crossed out'
                : 'Certified'}
            </Badge>{' '}
            You certified your taxpayer ID ending {view.certification.tin_last_four} on{' '}
            {formatLocalLongDate(view.certification.certified_at)}.
          </p>
          {view.certification.subject_to_backup_withholding ? (
            <p className="muted">
              Because the IRS told you that you are subject to backup withholding, we withhold {rate} of the
              interest we pay you. Certify again once the IRS tells you that you no longer are.
            </p>
          ) : null}
          <Button variant="secondary" size="sm" onClick={() => setRecertifying(true)}>
            Certify again
          </Button>
        </div>
      ) : null}
      {isAsking ? (
        <form
          className="w9-form"
          aria-label="Form W-9 certification"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            if (!choices.agree) {
              setError(w9CertificationMessages.mustAgree);
              return;
            }
            certify.mutate();
          }}
        >
          {view.needs_certification ? (
            <Alert tone="warning" title="Certify your taxpayer ID.">
              {view.grace_until
                ? `From ${formatLongDate(view.grace_until)}, until you do, we must withhold ${rate} of the interest we pay you and send it to the IRS (backup withholding).`
                : `Until you do, we must withhold ${rate} of the interest we pay you and send it to the IRS (backup withholding).`}
            </Alert>
          ) : null}
          <W9Statements choices={choices} onChange={setChoices} error={error} disabled={certify.isPending} />
          <div className="settings-card-actions">
            {isRecertifying ? (
              <Button variant="secondary" onClick={() => setRecertifying(false)} disabled={certify.isPending}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" isBusy={certify.isPending}>
              {certify.isPending ? 'Certifying...' : 'Certify'}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
