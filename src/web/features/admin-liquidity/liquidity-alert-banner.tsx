/**
 * The coverage alert on every admin page (issue 27, decision 1942): shown while a daily check
 * found coverage below the threshold and nobody has acknowledged it. Acknowledging is on
 * /admin/liquidity.
 */
import { Link } from 'react-router';
import { type AdminRole, can } from '../../../shared/admin/permissions';
import { formatUsd } from '../../../shared/format/money-format';
import { addMoney } from '../../../shared/money/decimal-string';
import { useLiquidityAlert } from './api/liquidity-queries';
import './admin-liquidity.css';

export function LiquidityAlertBanner({ role }: { role: AdminRole }) {
  const alert = useLiquidityAlert(can(role, 'liquidity:view')).data?.alert;
  if (!alert) return null;
  return (
    <div className="liquidity-banner" role="alert">
      <div className="liquidity-banner-inner">
        <strong>Liquidity coverage is below {alert.threshold}.</strong>{' '}
        <span>
          The check of {alert.checked_on} found {alert.coverage ?? '0'} over the next 90 days: cash and
          inflows of {formatUsd(addMoney(alert.cash, alert.inflows))} against {formatUsd(alert.obligations)}{' '}
          owed.
        </span>{' '}
        <Link to="/admin/liquidity">Review and acknowledge</Link>
      </div>
    </div>
  );
}
