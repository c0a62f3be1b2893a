/**
 * Step 3: what is about to be bought, then BUY. The same review confirms a conversion to
 * High-Yield (PRODUCT.md 37): amount, term, rate, maturity date and, for High-Yield, the
 * projected value at maturity, all from the catalogue product and the shared money rules.
 */
import { Button } from '../../../../components/ui/button';
import type { IsoDate } from '../../../../../shared/dates/calendar-date';
import { formatLongDate } from '../../../../../shared/format/long-date';
import { formatUsd } from '../../../../../shared/format/money-format';
import type { Product } from '../../../../../shared/products/contracts';
import { maturityDateOf, projectedMaturityValue } from '../../../../../shared/products/maturity';
import { planCopy, ratePercent, termLabel, totalReturnPercent } from '../../../../../shared/products/plans';
import { normalisePurchaseAmount } from '../../../../../shared/purchases/purchase-rules';
import {
  type MaturityInstruction,
  maturityInstructionLabel,
} from '../../../../../shared/investments/maturity-instruction-rules';
import { firstYearIncome, firstYearReinvested } from '../../../../../shared/ledger/interest-schedule';
import { parseMoneyToCents } from '../../../../../shared/money/decimal-string';

/** The review's rows, in order: what the buyer confirms. */
export function reviewRows(input: {
  product: Product;
  amount: string;
  fundedFrom: string;
  startDate: IsoDate;
  /** High-Yield: what happens at maturity (a conversion's review has none to show). */
  maturityInstruction?: MaturityInstruction;
  /** Standard: the interest is reinvested in the note (decision 1740). */
  reinvestInterest?: boolean;
}): [string, string][] {
  const { product, startDate } = input;
  const amount = normalisePurchaseAmount(input.amount) ?? input.amount;
  const isStandard = product.investment_type === 'standard';
  const maturityDate = maturityDateOf(product.investment_type, startDate, product.term_years);
  const rate = `${ratePercent(product.interest_rate_annual)}% a year`;
  const rows: [string, string][] = [
    ['Plan', planCopy[product.investment_type].name],
    ['Term', termLabel(product)],
    ['Amount', formatUsd(amount)],
    ['Funded from', input.fundedFrom],
    ['Interest starts', formatLongDate(startDate)],
    ['Rate', rate],
    [
      'Interest',
      isStandard
        ? input.reinvestInterest
          ? 'Reinvested monthly in the note, where it compounds (not paid to your bank)'
          : 'Paid monthly to your bank'
        : 'Credited monthly to the note and paid at maturity',
    ],
  ];
  if (isStandard) {
    rows.push(['Lock-up ends', `${formatLongDate(maturityDate)}, then withdraw anytime or keep earning`]);
    if (parseMoneyToCents(amount) !== null && input.reinvestInterest) {
      const grown = firstYearReinvested({ principal: amount, rate: product.interest_rate_annual, startDate });
      rows.push([
        'Reinvested interest',
        `${formatUsd(grown.year)} added in the first 12 months, compounding: the note is worth ${formatUsd(grown.value)} then`,
      ]);
    } else if (parseMoneyToCents(amount) !== null) {
      const income = firstYearIncome({ principal: amount, rate: product.interest_rate_annual, startDate });
      rows.push([
        'Monthly income',
        `About ${formatUsd(income.averageMonth)} a month (${formatUsd(income.year)} in the first 12 months)`,
      ]);
    }
    return rows;
  }
  const projected = projectedMaturityValue({
    principal: amount,
    rate: product.interest_rate_annual,
    startDate,
    maturityDate,
  });
  rows.push(['Matures on', formatLongDate(maturityDate)]);
  rows.push([
    'Total return over the term',
    `${totalReturnPercent(product.interest_rate_annual, product.term_years)}%`,
  ]);
  if (projected) rows.push(['Projected value at maturity', formatUsd(projected)]);
  if (input.maturityInstruction)
    rows.push(['At maturity', maturityInstructionLabel(input.maturityInstruction)]);
  return rows;
}

export function ReviewStep({
  product,
  amount,
  fundedFrom,
  startDate,
  maturityInstruction,
  reinvestInterest,
  intro = 'Please check the details of your investment before you buy.',
  confirmLabel = 'BUY',
  isBusy,
  onBack,
  onBuy,
}: {
  product: Product;
  amount: string;
  fundedFrom: string;
  startDate: IsoDate;
  maturityInstruction?: MaturityInstruction;
  reinvestInterest?: boolean;
  intro?: string;
  confirmLabel?: string;
  isBusy?: boolean;
  onBack(): void;
  onBuy(): void;
}) {
  return (
    <div>
      <p className="muted">{intro}</p>
      <dl className="review-list">
        {reviewRows({ product, amount, fundedFrom, startDate, maturityInstruction, reinvestInterest }).map(
          ([label, value]) => (
            <div key={label} className="review-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
      </dl>
      <div className="modal-footer">
        <Button variant="secondary" onClick={onBack}>
          BACK
        </Button>
        <Button onClick={onBuy} isBusy={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
