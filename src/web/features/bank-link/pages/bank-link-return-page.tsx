/**
 * /bank-link/return: where the provider's hosted Link sends the popup when the investor is
 * done (and where an OAuth bank returns). It tells the wizard in the opener and closes.
 */
import { useEffect, useState } from 'react';
import { LoadingState } from '../../../components/ui/feedback';
import { answerOpener } from '../hooks/use-link-popup';
import '../bank-link.css';

export function BankLinkReturnPage() {
  const [hasOpener, setHasOpener] = useState(true);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const oauthStateId = params.get('oauth_state_id');
    const answered = answerOpener({
      action: 'success',
      ...(oauthStateId ? { oauth_state_id: oauthStateId } : {}),
    });
    setHasOpener(answered);
    if (answered) window.close();
  }, []);
  return (
    <div className="link-page">
      <main className="link-card">
        {hasOpener ? (
          <LoadingState text="Returning to the app..." />
        ) : (
          <p>
            Your bank connection is finished. Go back to <a href="/settings">Account Settings</a> to see it.
          </p>
        )}
      </main>
    </div>
  );
}
