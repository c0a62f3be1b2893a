/** The purchase form's line for the amount entered (issue 17 item 4), from the shared figures. */
import type { IsoDate } from '../../../../shared/dates/calendar-date';
import type { Product } from '../../../../shared/products/contracts';
import { amountFigureText } from '../../../../shared/products/amount-figures';

export function AmountFigure({
  product,
  amount,
  startDate,
  reinvestInterest = false,
}: {
  product: Product;
  amount: string;
  startDate: IsoDate;
  /** Standard: the choice to reinvest the interest (decision 1740). */
  reinvestInterest?: boolean;
}) {
  const text = amountFigureText(product, amount, startDate, reinvestInterest);
  return text ? (
    <p className="amount-figure" aria-live="polite">
      {text}
    </p>
  ) : null;
}
