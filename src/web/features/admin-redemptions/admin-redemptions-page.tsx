/**
 * /admin/early-redemptions (issue 27 section 3): the pause of new requests and the queue. At
 * merge the two components move under /admin/liquidity as its tab; this page is then a redirect.
 */
import { useEffect } from 'react';
import { EarlyRedemptionQueue, RedemptionGatePanel } from './early-redemption-queue';
import './admin-redemptions.css';

export function AdminRedemptionsPage() {
  useEffect(() => {
    document.title = 'Early redemptions · Admin';
  }, []);
  return (
    <div className="admin-redemptions">
      <div className="admin-page-header">
        <div>
          <h1>Early redemptions</h1>
          <p>
            Requests to redeem a note before its term ends, first come first served. The penalty is 90 days’
            interest on the amount redeemed (agreement section 7).
          </p>
        </div>
      </div>
      <RedemptionGatePanel />
      <EarlyRedemptionQueue />
    </div>
  );
}
