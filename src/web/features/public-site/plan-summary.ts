import type { Product } from '../../../shared/products/contracts';
import { formatUsdWhole } from '../../../shared/format/money-format';
import { compareMoney } from '../../../shared/money/decimal-string';
import { ratePercent } from '../../../shared/products/plans';

const UNKNOWN = '—';

function lowestMinimum(products: Product[]): string {
  if (products.length === 0) return UNKNOWN;
  const lowest = products.reduce((best, product) =>
    compareMoney(product.minimum_purchase_amount, best.minimum_purchase_amount) < 0 ? product : best,
  );
  return formatUsdWhole(lowest.minimum_purchase_amount);
}

/** The comparison table's figures, read from the live catalogue. */
export function summarisePlans(products: Product[]) {
  const standard = products.filter((product) => product.investment_type === 'standard');
  const highYield = products.filter((product) => product.investment_type === 'high_yield');
  const highYieldRates = highYield.map((product) => ratePercent(product.interest_rate_annual));
  const terms = highYield.map((product) => product.term_years);
  return {
    standardRate: standard[0] ? `${ratePercent(standard[0].interest_rate_annual)}%` : UNKNOWN,
    highYieldRange:
      highYieldRates.length === 0
        ? UNKNOWN
        : highYieldRates.length === 1
          ? `${highYieldRates[0]}%`
          : `${highYieldRates[0]}% to ${highYieldRates[highYieldRates.length - 1]}%, by term`,
    standardMinimum: lowestMinimum(standard),
    highYieldMinimum: lowestMinimum(highYield),
    highYieldTerms: terms.length === 0 ? UNKNOWN : `${terms.join(', ')} years`,
  };
}
