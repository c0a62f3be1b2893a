/**
 * Passkeys (issue 17 item 5, decision 1725): list, add (after a fresh SMS code) and remove.
 * A passkey signs the investor in instead of password + SMS; the other factors stay.
 */
import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type PasskeyView,
  passkeyMessages,
  passkeyNameSchema,
} from '../../../../shared/auth/passkey-contracts';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import {
  addPasskey,
  deletePasskey,
  fetchPasskeyRegistrationOptions,
  fetchPasskeys,
  passkeyKeys,
} from '../api/settings-api';
import { StepUpCancelled, useStepUp } from '../hooks/use-step-up';

export const PASSKEYS_ANCHOR = 'passkeys';

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

function AddPasskeyForm({ onDone }: { onDone(added: PasskeyView | null): void }) {
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

function PasskeyList({ passkeys }: { passkeys: PasskeyView[] }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deletePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
  if (passkeys.length === 0) {
    return (
      <EmptyState title="No passkeys yet">
        Add one to sign in with your fingerprint, face or screen lock instead of a password and code.
      </EmptyState>
    );
  }
  return (
    <>
      {remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : null}
      <ul className="passkey-list">
        {passkeys.map((passkey) => (
          <li key={passkey.id} className="passkey-item">
            <div className="passkey-text">
              <p className="passkey-name">
                {passkey.name} {passkey.is_synced ? <Badge tone="neutral">Synced</Badge> : null}
              </p>
              <p className="muted passkey-meta">
                Added {formatLocalDateTime(passkey.created_at)}
                {passkey.last_used_at
                  ? ` · last used ${formatLocalDateTime(passkey.last_used_at)}`
                  : ' · not used yet'}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={remove.isPending}
              aria-label={`Remove passkey ${passkey.name}`}
              onClick={() => {
                if (
                  window.confirm(
                    `Remove the passkey “${passkey.name}”? You can still sign in with your password.`,
                  )
                ) {
                  remove.mutate(passkey.id);
                }
              }}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function PasskeysCard() {
  const passkeys = useQuery({ queryKey: passkeyKeys.list, queryFn: fetchPasskeys });
  const [isAdding, setAdding] = useState(false);
  const [addedNote, setAddedNote] = useState<string | null>(null);
  const isSupported = typeof window !== 'undefined' && browserSupportsWebAuthn();
  return (
    <section id={PASSKEYS_ANCHOR} className="card settings-card" aria-labelledby="passkeys-heading">
      <div className="settings-card-head">
        <h2 id="passkeys-heading">Passkeys</h2>
        {!isAdding && isSupported ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setAddedNote(null);
              setAdding(true);
            }}
          >
            Add a passkey
          </Button>
        ) : null}
      </div>
      <p className="muted">
        Sign in with your device’s fingerprint, face or screen lock instead of your password and a text
        message code. Adding one needs a code sent to your phone. Your password and phone stay as they are.
      </p>
      {!isSupported ? <Alert tone="info">This browser cannot create passkeys.</Alert> : null}
      {addedNote ? <Alert tone="success">{addedNote}</Alert> : null}
      {isAdding ? (
        <AddPasskeyForm
          onDone={(added) => {
            setAdding(false);
            if (added) setAddedNote(passkeyMessages.added);
          }}
        />
      ) : null}
      {passkeys.isPending ? (
        <LoadingState text="Loading your passkeys..." />
      ) : passkeys.isError ? (
        <ErrorState title="We couldn’t load your passkeys" message={passkeys.error.message} />
      ) : (
        <PasskeyList passkeys={passkeys.data.passkeys} />
      )}
    </section>
  );
}
