/**
 * /settings/confirm-email?token=...: the link of an e-mail change. It is used only when the
 * investor presses the button (a POST), never on opening: mail scanners open links too.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { settingsMessages } from '../../../../shared/settings/settings-messages';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { refreshSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { confirmEmailChange } from '../api/settings-api';
import '../settings.css';

type State =
  | { name: 'ready' }
  | { name: 'confirming' }
  | { name: 'done'; email: string }
  | { name: 'failed'; message: string };

export function ConfirmEmailPage() {
  usePageTitle('Confirm your e-mail address');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(
    /^[A-Za-z0-9_-]{43}$/.test(token)
      ? { name: 'ready' }
      : { name: 'failed', message: settingsMessages.emailChangeLinkInvalid },
  );

  const confirm = async () => {
    setState({ name: 'confirming' });
    try {
      const result = await confirmEmailChange(token);
      setState({ name: 'done', email: result.email });
      await refreshSession();
    } catch (caught) {
      setState({
        name: 'failed',
        message: caught instanceof Error ? caught.message : settingsMessages.emailChangeLinkInvalid,
      });
    }
  };

  return (
    <div className="container confirm-email">
      <section className="card confirm-email-card" aria-labelledby="confirm-email-title">
        <h1 id="confirm-email-title">Confirm your new e-mail address</h1>
        {state.name === 'done' ? (
          <>
            <Alert tone="success">{settingsMessages.emailChanged}</Alert>
            <p>
              You now sign in with <strong>{state.email}</strong>.
            </p>
            <Link to="/settings" className="btn btn-primary">
              Go to Account Settings
            </Link>
          </>
        ) : state.name === 'failed' ? (
          <>
            <Alert tone="error">{state.message}</Alert>
            <Link to="/settings" className="btn btn-secondary">
              Go to Account Settings
            </Link>
          </>
        ) : (
          <>
            <p className="muted">Press the button to start using this address for your account.</p>
            <Button onClick={confirm} isBusy={state.name === 'confirming'}>
              Confirm e-mail address
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
