import { useEffect, useState } from 'react';
import {
  type NotificationCampaign,
  notificationMessages,
  willSendToMessage,
} from '../../../../shared/notifications/contracts';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/feedback';
import { Modal } from '../../../components/ui/modal';
import { refusalMessage } from '../api/error-message';
import { previewRecipients, useSendNow } from '../api/notification-queries';

const sendFailed = 'Failed to send campaign';

/** Confirms Send now with the audience as it stands now; the send then runs in the background. */
export function SendNowModal({ campaign, onClose }: { campaign: NotificationCampaign; onClose(): void }) {
  const sendNow = useSendNow();
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    previewRecipients(campaign.target_filters, campaign.type)
      .then((result) => {
        if (isCurrent) setCount(result.count);
      })
      .catch((failure: unknown) => {
        if (isCurrent) setError(refusalMessage(failure, notificationMessages.previewFailed));
      });
    return () => {
      isCurrent = false;
    };
  }, [campaign]);

  const onSend = async () => {
    setError(null);
    try {
      await sendNow.mutateAsync(campaign.id);
      onClose();
    } catch (failure) {
      setError(refusalMessage(failure, sendFailed));
    }
  };

  return (
    <Modal
      title="Send campaign now"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSend} isBusy={sendNow.isPending} disabled={count === null || count === 0}>
            Send now
          </Button>
        </>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <p>
        <strong>{campaign.name}</strong> goes out by {campaign.type === 'sms' ? 'SMS' : 'e-mail'} to every
        investor who matches its filters and has opted in, each exactly once.
      </p>
      <p className="send-now-count" aria-live="polite">
        {count === null ? <Spinner label="Counting recipients" /> : willSendToMessage(count)}
      </p>
      <p className="muted">Once sending starts the campaign can no longer be edited.</p>
    </Modal>
  );
}
