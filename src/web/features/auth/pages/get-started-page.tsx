import { NAME_FALLBACK } from '../../../../shared/brand';
import { ButtonLink } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/feedback';
import { memberStatusOf } from '../../../lib/member-status';
import { useSession } from '../../../lib/session';
import { figuresOf, usePublicProducts } from '../../../lib/use-public-products';
import '../auth.css';

/** Where LINK BANK ACCOUNTS leads: the bank-link wizard (PRODUCT.md 21), then the portal. */
export const LINK_BANK_PATH = `/link-bank?return=${encodeURIComponent('/account-overview')}`;

/**
 * /get-started and /empty-state (spec 2): the first portal screen before a bank account is
 * linked, with the signed-in investor's member card.
 */
export function GetStartedPage() {
  const { investor } = useSession();
  const figures = figuresOf(usePublicProducts());
  if (!investor) return <LoadingState />;
  const status = memberStatusOf(investor);
  const name = [investor.first_name, investor.last_name].filter(Boolean).join(' ') || NAME_FALLBACK;
  return (
    <div className="get-started">
      <section className="get-started-panel" aria-labelledby="get-started-title">
        <h1 id="get-started-title">GET STARTED</h1>
        <p className="lead">
          Before you can make investments, start by setting up your payment and payout accounts.
        </p>
        <ButtonLink to={LINK_BANK_PATH} size="lg">
          LINK BANK ACCOUNTS
        </ButtonLink>
        {figures ? (
          <p className="get-started-rate">Earn up to {figures.highestRatePercent}% per year.</p>
        ) : null}
      </section>
      <aside className="member-card" aria-label="Your membership">
        <p
          className={status.isVerified ? 'member-card-badge' : 'member-card-badge member-card-badge-pending'}
        >
          {status.text}
        </p>
        {status.isVerified ? null : (
          <p className="member-card-note">Your identity is checked when you link your bank account.</p>
        )}
        <p className="member-card-name">{name}</p>
        <p className="member-card-email">{investor.email}</p>
      </aside>
    </div>
  );
}
