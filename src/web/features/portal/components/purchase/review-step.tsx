/** Step 3: what is about to be bought, then BUY. */
import { Button } from '../../../../components/ui/button';
import { formatUsd } from '../../../../../shared/format/money-format';
import type { Product } from '../../../../../shared/products/contracts';
import { planCopy, ratePercent, termLabel, totalReturnPercent } from '../../../../../shared/products/plans';
import type { FundingAccount } from '../../../../../shared/purchases/purchase-contracts';
import { normalisePurchaseAmount } from '../../../../../shared/purchases/purchase-rules';
import { fundingAccountLabel } from './purchase-form-step';

export function ReviewStep({
  product,
  amount,
  fundingAccount,
  onBack,
  onBuy,
}: {
  product: Product;
  amount: string;
  fundingAccount: FundingAccount;
  onBack(): void;
  onBuy(): void;
}) {
  const isStandard = product.investment_type === 'standard';
  const rows: [string, string][] = [
    ['Plan', planCopy[product.investment_type].name],
    ['Term', termLabel(product.term_years, product.interest_rate_annual)],
    ['Amount', formatUsd(normalisePurchaseAmount(amount) ?? amount)],
    ['Funded from', fundingAccountLabel(fundingAccount)],
    ['Interest starts', 'Today'],
    [
      'Interest',
      isStandard
        ? `${ratePercent(product.interest_rate_annual)}% a year, paid monthly to your bank`
        : `${ratePercent(product.interest_rate_annual)}% a year, credited monthly and paid at maturity`,
    ],
    isStandard
      ? ['Lock-up', '12 months, then withdraw anytime or keep earning']
      : [
          'Total return over the term',
          `${totalReturnPercent(product.interest_rate_annual, product.term_years)}%`,
        ],
  ];
  return (
    <div>
      <p className="muted">Please check the details of your investment before you buy.</p>
      <dl className="review-list">
        {rows.map(([label, value]) => (
          <div key={label} className="review-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="modal-footer">
        <Button variant="secondary" onClick={onBack}>
          BACK
        </Button>
        <Button onClick={onBuy}>BUY</Button>
      </div>
    </div>
  );
}
