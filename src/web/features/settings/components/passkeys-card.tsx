/**
 * Passkeys (issue 17 item 5, decision 1725): list, add (after a fresh SMS code) and remove.
 * A passkey signs the investor in instead of password + SMS; the other factors stay.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { PasskeyView } from '../../../../shared/auth/passkey-contracts';
import { passkeyMessages } from '../../../../shared/auth/passkey-messages';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { deletePasskey, fetchPasskeys, passkeyKeys } from '../api/settings-api';

export const PASSKEYS_ANCHOR = 'passkeys';

// The add form and its name rule (zod) load only when the investor adds a passkey (decision 1411).
const loadAddForm = () => import('./add-passkey-form');
const AddPasskeyForm = lazy(() => loadAddForm().then((module) => ({ default: module.AddPasskeyForm })));

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
  // The check @simplewebauthn/browser makes, without loading the library with the page (decision 1412).
  const isSupported = typeof globalThis.PublicKeyCredential === 'function';
  return (
    <section id={PASSKEYS_ANCHOR} className="card settings-card" aria-labelledby="passkeys-heading">
      <div className="settings-card-head">
        <h2 id="passkeys-heading">Passkeys</h2>
        {!isAdding && isSupported ? (
          <Button
            variant="secondary"
            size="sm"
            onPointerEnter={() => void loadAddForm()}
            onFocus={() => void loadAddForm()}
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
        <Suspense fallback={<LoadingState text="Loading the form..." />}>
          <AddPasskeyForm
            onDone={(added) => {
              setAdding(false);
              if (added) setAddedNote(passkeyMessages.added);
            }}
          />
        </Suspense>
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
