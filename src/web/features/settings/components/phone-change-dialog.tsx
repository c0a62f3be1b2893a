/** Changing the phone: a step-up, then a code sent to the new number, which replaces the old one once checked. */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isCompleteSmsCode, sanitizeSmsCode, SMS_CODE_LENGTH } from '../../../../shared/auth/sms-code';
import { INVALID_PHONE_MESSAGE, isValidPhone } from '../../../../shared/auth/phone';
import { formatPhoneNumber } from '../../../../shared/format/phone-format';
import { settingsMessages } from '../../../../shared/settings/settings-messages';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { settingsKeys, startPhoneChange, verifyPhoneChange } from '../api/settings-api';
import { StepUpCancelled, useStepUp } from '../hooks/use-step-up';

type Stage = { name: 'number' } | { name: 'code'; phone: string } | { name: 'done'; phone: string };

export function PhoneChangeDialog({ onClose }: { onClose(): void }) {
  const queryClient = useQueryClient();
  const { withStepUp, stepUpDialog } = useStepUp('change your phone number');
  const [stage, setStage] = useState<Stage>({ name: 'number' });
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      if (!(caught instanceof StepUpCancelled))
        setError(caught instanceof Error ? caught.message : 'Failed to send code');
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPhone(phone)) {
      setError(INVALID_PHONE_MESSAGE);
      return;
    }
    void run(async () => {
      const started = await withStepUp(() => startPhoneChange(phone));
      setStage({ name: 'code', phone: started.phone });
    });
  };

  const checkCode = (event: FormEvent) => {
    event.preventDefault();
    if (stage.name !== 'code') return;
    void run(async () => {
      const verified = await withStepUp(() => verifyPhoneChange(stage.phone, code));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.settings });
      setStage({ name: 'done', phone: verified.phone });
    });
  };

  if (stepUpDialog) return stepUpDialog;
  return (
    <Modal title="Change phone number" onClose={onClose}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {stage.name === 'number' ? (
        <form onSubmit={sendCode} noValidate>
          <p className="muted">We will text a code to the new number to make sure it is yours.</p>
          <TextField
            label="New phone number"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
          <div className="modal-footer">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" isBusy={isBusy}>
              Send code
            </Button>
          </div>
        </form>
      ) : stage.name === 'code' ? (
        <form onSubmit={checkCode} noValidate>
          <p>
            Enter the {SMS_CODE_LENGTH}-digit code we sent to{' '}
            <strong>{formatPhoneNumber(stage.phone)}</strong>.
          </p>
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            value={code}
            onChange={(event) => setCode(sanitizeSmsCode(event.target.value))}
          />
          <div className="modal-footer">
            <Button variant="secondary" onClick={() => setStage({ name: 'number' })}>
              Back
            </Button>
            <Button type="submit" isBusy={isBusy} disabled={!isCompleteSmsCode(code)}>
              Verify
            </Button>
          </div>
        </form>
      ) : (
        <>
          <Alert tone="success">{settingsMessages.phoneChanged}</Alert>
          <p className="muted">
            Texts now go to {formatPhoneNumber(stage.phone)}. News and offers by text need your consent again
            for the new number: switch them on in Notification Preferences if you want them.
          </p>
          <div className="modal-footer">
            <Button onClick={onClose}>Done</Button>
          </div>
        </>
      )}
    </Modal>
  );
}
