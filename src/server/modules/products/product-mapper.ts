import type { Product } from '../../../shared/products/contracts';
import type { InvestmentType } from '../../../shared/products/plans';
import { toMoneyString } from '../../../shared/money/decimal-string';
import type { ProductRow } from './repository';

/** "0.090000" -> "0.09": rates leave the server without padding. */
export function trimRate(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    display_name: row.displayName,
    investment_type: row.investmentType as InvestmentType,
    description: row.description,
    interest_rate_annual: trimRate(row.interestRateAnnual),
    term_years: row.termYears,
    minimum_purchase_amount: toMoneyString(row.minimumPurchaseAmount),
    available_from: row.availableFrom,
    available_until: row.availableUntil,
    is_active: row.isActive,
  };
}
