/** A plan on /buy-investments (spec 9), from the live products; BUY INVESTMENT opens the purchase modal. */
import { Button } from '../../../components/ui/button';
import { formatThousands } from '../../../../shared/format/money-format';
import { compareMoney } from '../../../../shared/money/decimal-string';
import type { Product } from '../../../../shared/products/contracts';
import {
  type InvestmentType,
  planCopy,
  ratePercent,
  totalReturnPercent,
} from '../../../../shared/products/plans';

const planPoints: Record<InvestmentType, string[]> = {
  standard: [
    'Interest paid monthly to your bank account, or reinvested in the note to compound: your choice, per note',
    '12-month lock-up, then withdraw anytime or keep earning',
  ],
  high_yield: [
    'No monthly payouts: your account grows every month',
    'Withdraw or reinvest at the end of the term',
  ],
};

export function PlanCard({
  plan,
  products,
  isLoading,
  onBuy,
  onBuyIntent,
}: {
  plan: InvestmentType;
  products: Product[];
  isLoading: boolean;
  onBuy(): void;
  /** The pointer or focus reached the buy button: a good moment to load the purchase dialog. */
  onBuyIntent?(): void;
}) {
  const copy = planCopy[plan];
  const rates = products.map((product) => ratePercent(product.interest_rate_annual));
  const minimum = products.reduce<string | null>(
    (lowest, product) =>
      lowest === null || compareMoney(product.minimum_purchase_amount, lowest) < 0
        ? product.minimum_purchase_amount
        : lowest,
    null,
  );
  const isAvailable = products.length > 0;
  const headingId = `plan-${plan}-heading`;
  return (
    <article
      className={plan === 'high_yield' ? 'card buy-plan buy-plan-featured' : 'card buy-plan'}
      aria-labelledby={headingId}
    >
      <p className="eyebrow">{copy.tagline}</p>
      <h2 id={headingId} className="buy-plan-name">
        {copy.name}
      </h2>
      {isLoading ? (
        <p className="muted">Loading...</p>
      ) : isAvailable ? (
        <>
          <p className="buy-plan-rate">
            <span className="buy-plan-rate-value">
              {rates[0]}%{rates.length > 1 ? ` – ${rates[rates.length - 1]}%` : ''}
            </span>{' '}
            <span className="muted">a year</span>
          </p>
          {plan === 'high_yield' ? (
            <ul className="buy-plan-terms">
              {products.map((product) => (
                <li key={product.id}>
                  <span>
                    {product.term_years} {product.term_years === 1 ? 'year' : 'years'}
                  </span>
                  <span>{ratePercent(product.interest_rate_annual)}%</span>
                  <span className="muted">
                    {totalReturnPercent(product.interest_rate_annual, product.term_years)}% total
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <ul className="buy-plan-points">
            {planPoints[plan].map((point) => (
              <li key={point}>{point}</li>
            ))}
            {minimum ? <li>Start from {formatThousands(minimum)}</li> : null}
          </ul>
        </>
      ) : (
        <p className="muted">This plan is not open for new investments right now.</p>
      )}
      <Button
        block
        onClick={onBuy}
        onPointerEnter={onBuyIntent}
        onFocus={onBuyIntent}
        disabled={isLoading || !isAvailable}
        className="buy-plan-button"
      >
        BUY INVESTMENT
      </Button>
    </article>
  );
}
