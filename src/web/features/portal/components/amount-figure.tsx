/** The purchase form's line for the amount entered (issue 17 item 4), from the shared figures. */
import type { IsoDate } from '../../../../shared/dates/calendar-date';
import type { Product } from '../../../../shared/products/contracts';
import { amountFigureText } from '../../../../shared/products/amount-figures';

export function AmountFigure({
  product,
  amount,
  startDate,
}: {
  product: Product;
  amount: string;
  startDate: IsoDate;
}) {
  const text = amountFigureText(product, amount, startDate);
  return text ? (
    <p className="amount-figure" aria-live="polite">
      {text}
    </p>
  ) : null;
}
