/**
 * Adding a passkey on /settings (name, SMS step-up, the WebAuthn ceremony), split from the card
 * so the page lists passkeys without loading zod (decision 1411): the card loads this module
 * when the investor chooses Add a passkey.
 */
import { startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type PasskeyView, passkeyNameSchema } from '../../../../shared/auth/passkey-contracts';
import { passkeyMessages } from '../../../../shared/auth/passkey-messages';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { addPasskey, fetchPasskeyRegistrationOptions, passkeyKeys } from '../api/settings-api';
import { StepUpCancelled, useStepUp } from '../hooks/use-step-up';

function defaultPasskeyName(): string {
  const agent = navigator.userAgent;
  if (/iPhone|iPad/.test(agent)) return 'iPhone or iPad';
  if (/Android/.test(agent)) return 'Android phone';
  if (/Mac OS X/.test(agent)) return 'Mac';
  if (/Windows/.test(agent)) return 'Windows computer';
  return 'This device';
}

function wasCancelledByUser(error: unknown): boolean {
  return (
    error instanceof StepUpCancelled ||
    (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
    (error instanceof Error && error.name === 'NotAllowedError')
  );
}

export function AddPasskeyForm({ onDone }: { onDone(added: PasskeyView | null): void }) {
  const queryClient = useQueryClient();
  const { withStepUp, stepUpDialog } = useStepUp('add a passkey');
  const [name, setName] = useState(defaultPasskeyName);
  const [nameError, setNameError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: async (passkeyName: string) => {
      const optionsJSON = await withStepUp(fetchPasskeyRegistrationOptions);
      const response = await startRegistration({ optionsJSON });
      return withStepUp(() => addPasskey({ name: passkeyName, response }));
    },
    onSuccess: async (passkey) => {
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
      onDone(passkey);
    },
  });
  const error = add.isError && !wasCancelledByUser(add.error) ? add.error : null;
  // The code prompt stays outside the form: its own submit would bubble (through the portal)
  // to this form's and start a second ceremony.
  return (
    <>
      <form
        className="passkey-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (add.isPending) return;
          const parsed = passkeyNameSchema.safeParse(name);
          if (!parsed.success) {
            setNameError(parsed.error.issues[0]?.message ?? passkeyMessages.registrationFailed);
            return;
          }
          setNameError(null);
          add.mutate(parsed.data);
        }}
      >
        {error ? (
          <Alert tone="error" title={passkeyMessages.registrationFailed}>
            {error.message}
          </Alert>
        ) : null}
        <TextField
          label="Name"
          hint="So you can tell your passkeys apart, e.g. “Work laptop”."
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
        />
        <div className="settings-card-actions">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Waiting for your device...' : 'Create passkey'}
          </Button>
          <Button type="button" variant="ghost" onClick={() => onDone(null)} disabled={add.isPending}>
            Cancel
          </Button>
        </div>
      </form>
      {stepUpDialog}
    </>
  );
}
