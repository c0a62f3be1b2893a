/** Changing the e-mail: a step-up, then a link to the new address (the old one stays until it is opened). */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { settingsMessages } from '../../../../shared/settings/settings-messages';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { settingsKeys, startEmailChange } from '../api/settings-api';
import { StepUpCancelled, useStepUp } from '../hooks/use-step-up';

export function EmailChangeDialog({ currentEmail, onClose }: { currentEmail: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const { withStepUp, stepUpDialog } = useStepUp('change your e-mail address');
  const [email, setEmail] = useState('');
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const result = await withStepUp(() => startEmailChange(email.trim()));
      setSentTo(result.pending_email);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.settings });
    } catch (caught) {
      if (!(caught instanceof StepUpCancelled))
        setError(caught instanceof Error ? caught.message : 'Failed to send email');
    } finally {
      setSending(false);
    }
  };

  if (stepUpDialog) return stepUpDialog;
  return (
    <Modal title="Change e-mail address" onClose={onClose}>
      {sentTo ? (
        <>
          <Alert tone="success">{settingsMessages.emailChangeSent(sentTo)}</Alert>
          <p className="muted">Until then, {currentEmail} stays your sign-in address.</p>
          <div className="modal-footer">
            <Button onClick={onClose}>Done</Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="muted">
            We will send a confirmation link to the new address. Your current address, {currentEmail}, stays
            in use until you open it.
          </p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <TextField
            label="New e-mail address"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="modal-footer">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" isBusy={isSending} disabled={!email.includes('@')}>
              Send confirmation link
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
