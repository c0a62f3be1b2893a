/** Step 4: PROCESSING YOUR PURCHASE..., then success with the reference, or the error (spec 4 and 8). */
import { Button, ButtonLink } from '../../../../components/ui/button';
import { formatUsd } from '../../../../../shared/format/money-format';
import { planCopy } from '../../../../../shared/products/plans';
import type { PurchaseResult } from './purchase-flow';

export function ResultStep({ result, onClose }: { result: PurchaseResult; onClose(): void }) {
  if (result.status === 'processing') {
    return (
      <div className="purchase-result" role="status">
        <span className="spinner purchase-spinner" aria-hidden="true" />
        <p className="purchase-result-title">PROCESSING YOUR PURCHASE...</p>
      </div>
    );
  }
  if (result.status === 'error') {
    return (
      <div className="purchase-result" role="alert">
        <p className="purchase-result-title text-danger">ERROR: {result.message}</p>
        <p className="purchase-result-sub">PLEASE TRY AGAIN OR CONTACT SUPPORT</p>
        <div className="modal-footer purchase-result-actions">
          <Button onClick={onClose}>CLOSE</Button>
        </div>
      </div>
    );
  }
  const { investment } = result;
  return (
    <div className="purchase-result" role="status">
      <span className="purchase-check" aria-hidden="true">
        ✓
      </span>
      <p className="purchase-result-title">PURCHASE SUCCESSFUL</p>
      <p>
        Your {formatUsd(investment.principal_amount)} investment in the{' '}
        {planCopy[investment.investment_type].name} appears in your account immediately and interest starts
        today.
      </p>
      <p className="purchase-reference">
        Reference transaction ID: <strong className="mono">{investment.reference}</strong>
      </p>
      <div className="modal-footer purchase-result-actions">
        <ButtonLink to="/account-overview" variant="secondary" onClick={onClose}>
          View account overview
        </ButtonLink>
        <Button onClick={onClose}>CLOSE</Button>
      </div>
    </div>
  );
}
