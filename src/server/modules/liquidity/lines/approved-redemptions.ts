/**
 * Early redemptions staff approved and the paying job has not paid yet (decision 1951): what
 * each pays, as quoted for its payment date (principal and interest less the 90 days' penalty).
 * The note's later payments (its monthly interest, its maturity) stay in their own lines until
 * the redemption is paid, which overstates later obligations slightly (decision 1940).
 */
import { parseMoneyToCents } from '../../../../shared/money/decimal-string';
import { approvedRedemptionsByPaymentDate } from '../../redemptions/service';
import { datedAmounts, type ForecastLineSource } from '../forecast-line-source';

export const approvedRedemptionsLine: ForecastLineSource = {
  key: 'early_redemptions_approved',
  label: 'Early redemptions approved',
  kind: 'obligation',
  description:
    'Early redemptions staff approved and not yet paid, on their payment date: the principal and interest paid less the penalty of 90 days’ interest.',
  async collect(db, window) {
    const lines = await approvedRedemptionsByPaymentDate(db);
    return datedAmounts(
      lines
        .filter((line) => line.payment_date < window.until)
        .map((line) => ({ day: line.payment_date, cents: parseMoneyToCents(line.amount_paid) ?? 0n })),
      window.today,
    );
  },
};
