/**
 * /link-bank?return=<path>: the bank-link wizard as a page, for screens that need a bank
 * account and cannot host the wizard themselves (/get-started's LINK BANK ACCOUNTS, the
 * purchase flow). When done it goes to `return` (default /account-overview); an account
 * still awaiting micro-deposits goes to /settings, where the amounts are entered. Back
 * returns to the previous screen.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../../shared/auth/safe-redirect';
import { usePageTitle } from '../../../lib/use-page-title';
import { bankLinkStepTitle } from '../components/bank-link-steps';
import { LazyBankLinkWizard as BankLinkWizard } from '../components/lazy-bank-link-wizard';
import '../bank-link.css';

export const LINK_BANK_DEFAULT_RETURN = '/account-overview';

export function LinkBankPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = safeRedirectPath(params.get('return'), LINK_BANK_DEFAULT_RETURN);
  const [title, setTitle] = useState(bankLinkStepTitle('identity'));
  usePageTitle('Link a bank account');

  return (
    <div className="link-bank-page">
      <section className="card link-bank-card" aria-labelledby="link-bank-title">
        <p className="eyebrow">Link a bank account</p>
        <h1 id="link-bank-title">{title}</h1>
        <BankLinkWizard
          onStepChange={setTitle}
          onCancel={() => {
            // Back to the screen that sent the investor here, if it is in this tab's history.
            if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
            else navigate(returnPath);
          }}
          onDone={(account) =>
            navigate(
              account.verification_status === 'verified'
                ? returnPath
                : `/settings?from=${encodeURIComponent(returnPath)}#bank-account`,
            )
          }
        />
      </section>
    </div>
  );
}
