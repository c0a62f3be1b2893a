import { HEADLINE_MAX_RATE_PERCENT } from '../../../../shared/products/plans';
import { MEMBER_SINCE_FALLBACK_YEAR, NAME_FALLBACK } from '../../../../shared/brand';
import { ButtonLink } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/feedback';
import { useSession } from '../../../lib/session';
import '../auth.css';

/** Where LINK BANK ACCOUNTS leads: the bank-link wizard (PRODUCT.md 21), then the portal. */
export const LINK_BANK_PATH = `/link-bank?return=${encodeURIComponent('/account-overview')}`;

/**
 * /get-started and /empty-state (spec 2): the first portal screen before a bank account is
 * linked, with the signed-in investor's member card.
 */
export function GetStartedPage() {
  const { investor } = useSession();
  if (!investor) return <LoadingState />;
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
        <p className="get-started-rate">Earn up to {HEADLINE_MAX_RATE_PERCENT}% per year.</p>
      </section>
      <aside className="member-card" aria-label="Your membership">
        <p className="member-card-badge">
          VERIFIED | MEMBER SINCE {investor.member_since_year || MEMBER_SINCE_FALLBACK_YEAR}
        </p>
        <p className="member-card-name">{name}</p>
        <p className="member-card-email">{investor.email}</p>
      </aside>
    </div>
  );
}
