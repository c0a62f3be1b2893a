import type { Product } from '../../../../shared/products/contracts';
import { catalogueFigures, rateRangeText } from '../../../../shared/products/catalogue-figures';
import { formatThousands, formatUsd } from '../../../../shared/format/money-format';
import { enteredAmount, maturityValueOf, monthlyIncomeOf } from '../../../../shared/products/amount-figures';
import { useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { localToday } from '../../../lib/local-today';
import { planCopy, ratePercent, totalReturnPercent } from '../../../../shared/products/plans';
import { ButtonLink } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/feedback';
import type { ProductsState } from '../../../lib/use-public-products';

function StandardPlanCard({ products, amount }: { products: Product[]; amount: string | null }) {
  const product = products[0];
  return (
    <article className="plan-card" id="standard" aria-labelledby="plan-standard-title">
      <p className="plan-tag">{planCopy.standard.tagline}</p>
      <h3 id="plan-standard-title">{planCopy.standard.name}</h3>
      {product ? (
        <>
          <p className="plan-rate">
            <span className="plan-rate-value">{ratePercent(product.interest_rate_annual)}%</span>
            <span className="plan-rate-unit"> annual return</span>
          </p>
          {amount ? (
            <p className="plan-figure" aria-live="polite">
              {formatUsd(amount)} earns about{' '}
              <strong>
                {formatUsd(monthlyIncomeOf(amount, product.interest_rate_annual, localToday()))} a month
              </strong>
            </p>
          ) : null}
          <ul className="plan-points">
            <li>Interest paid monthly to your bank account, or reinvested in the note to compound</li>
            <li>12-month lock-up, then withdraw anytime or keep earning</li>
            <li>Start from {formatThousands(product.minimum_purchase_amount)}</li>
          </ul>
        </>
      ) : (
        <p className="muted">This plan is not open for new investments right now.</p>
      )}
      <ButtonLink to="/signup" variant="secondary" block>
        START WITH STANDARD
      </ButtonLink>
    </article>
  );
}

function HighYieldPlanCard({ products, amount }: { products: Product[]; amount: string | null }) {
  const figures = catalogueFigures(products);
  return (
    <article className="plan-card plan-card-featured" id="high-yield" aria-labelledby="plan-high-yield-title">
      <p className="plan-tag">{planCopy.high_yield.tagline}</p>
      <h3 id="plan-high-yield-title">{planCopy.high_yield.name}</h3>
      {figures ? (
        <>
          <p className="plan-rate">
            <span className="plan-rate-value">{rateRangeText(figures, ' – ')}</span>
            <span className="plan-rate-unit"> annual return</span>
          </p>
          <table className="plan-terms">
            <caption className="visually-hidden">High-Yield terms</caption>
            <thead>
              <tr>
                <th scope="col">Term</th>
                <th scope="col">Rate</th>
                <th scope="col">Total return</th>
                {amount ? <th scope="col">{formatUsd(amount)} grows to</th> : null}
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.id}>
                  <td>
                    {product.term_years} {product.term_years === 1 ? 'year' : 'years'}
                  </td>
                  <td>{ratePercent(product.interest_rate_annual)}%</td>
                  <td>{totalReturnPercent(product.interest_rate_annual, product.term_years)}%</td>
                  {amount ? <td>{formatUsd(maturityValueOf(amount, product, localToday()))}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="plan-points">
            <li>No monthly payouts: your account grows every month</li>
            <li>Withdraw or reinvest at the end of the term</li>
          </ul>
        </>
      ) : (
        <p className="muted">This plan is not open for new investments right now.</p>
      )}
      <ButtonLink to="/signup" block>
        START WITH HIGH-YIELD
      </ButtonLink>
    </article>
  );
}

/** The two plan cards, with rates and terms read from the catalogue. */
export function PlanCards({ state }: { state: ProductsState }) {
  if (state.status === 'loading') return <LoadingState text="Loading plans..." />;
  if (state.status === 'error') {
    return (
      <p className="alert alert-error" role="alert">
        We could not load the current rates. Please refresh the page.
      </p>
    );
  }
  const standard = state.products.filter((product) => product.investment_type === 'standard');
  const highYield = state.products.filter((product) => product.investment_type === 'high_yield');
  return <PlanGrid standard={standard} highYield={highYield} />;
}

function PlanGrid({ standard, highYield }: { standard: Product[]; highYield: Product[] }) {
  const [amountText, setAmountText] = useState('10000');
  const amount = enteredAmount(amountText);
  return (
    <>
      <div className="plan-amount">
        <TextField
          label="How much would you invest?"
          inputMode="decimal"
          maxLength={16}
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          hint="Figures use simple interest, Actual/365, from today: the same rules your statements follow."
        />
      </div>
      <div className="plan-grid">
        <StandardPlanCard products={standard} amount={amount} />
        <HighYieldPlanCard products={highYield} amount={amount} />
      </div>
    </>
  );
}
