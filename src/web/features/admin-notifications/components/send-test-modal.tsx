import { type FormEvent, useState } from 'react';
import type { NotificationCampaign } from '../../../../shared/notifications/contracts';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useAdminSession } from '../../../lib/admin-session';
import { refusalMessage } from '../api/error-message';
import { useSendTest } from '../api/notification-queries';

const testFailed = 'Failed to send the test';

/** Send test: the draft, marked [Test], to the signed-in admin (a mobile number is asked for SMS). */
export function SendTestModal({ campaign, onClose }: { campaign: NotificationCampaign; onClose(): void }) {
  const { admin } = useAdminSession();
  const sendTest = useSendTest();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isSms = campaign.type === 'sms';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await sendTest.mutateAsync({ campaignId: campaign.id, ...(isSms ? { phone } : {}) });
      setSentTo(result.to);
    } catch (failure) {
      setError(refusalMessage(failure, testFailed));
    }
  };

  return (
    <Modal
      title="Send test"
      onClose={onClose}
      footer={
        sentTo ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="send-test-form" isBusy={sendTest.isPending}>
              Send test
            </Button>
          </>
        )
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      {sentTo ? (
        <Alert tone="success">Test sent to {sentTo}. It is marked [Test].</Alert>
      ) : (
        <form id="send-test-form" onSubmit={onSubmit} noValidate>
          <p>
            A copy of <strong>{campaign.name}</strong> goes to you only, filled with sample values. No
            investor receives it and the campaign stays a draft.
          </p>
          {isSms ? (
            <TextField
              label="Your mobile number"
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          ) : (
            <p>
              To: <strong>{admin?.email}</strong>
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
