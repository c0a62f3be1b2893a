import type { Product } from '../../../shared/products/contracts';
import { formatUsdWhole } from '../../../shared/format/money-format';
import { compareMoney } from '../../../shared/money/decimal-string';
import { catalogueFigures, rateRangeText } from '../../../shared/products/catalogue-figures';
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
  const highYieldFigures = catalogueFigures(highYield);
  const terms = highYieldFigures?.highYieldTermYears ?? [];
  return {
    standardRate: standard[0] ? `${ratePercent(standard[0].interest_rate_annual)}%` : UNKNOWN,
    highYieldRange: !highYieldFigures
      ? UNKNOWN
      : highYieldFigures.lowestRatePercent === highYieldFigures.highestRatePercent
        ? rateRangeText(highYieldFigures)
        : `${rateRangeText(highYieldFigures)}, by term`,
    standardMinimum: lowestMinimum(standard),
    highYieldMinimum: lowestMinimum(highYield),
    highYieldTerms: terms.length === 0 ? UNKNOWN : `${terms.join(', ')} years`,
  };
}
