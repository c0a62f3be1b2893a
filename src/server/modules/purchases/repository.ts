/** The rows a purchase checks: the product bought, the funding account and the purchase maximum. */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { MAXIMUM_PURCHASE_AMOUNT } from '../../../shared/products/plans';
import { type Executor, rowsOf } from '../../db/client';

export interface BuyableProductRow {
  id: string;
  investment_type: 'standard' | 'high_yield';
  interest_rate_annual: string;
  term_years: number;
  minimum_purchase_amount: string;
}

/** The product if it is buyable today (PRODUCT.md 16: active and inside its window). */
export async function findBuyableProduct(
  db: Executor,
  productId: string,
  today: IsoDate,
): Promise<BuyableProductRow | null> {
  const result = await db.execute(sql`
    select id, investment_type, interest_rate_annual::text as interest_rate_annual, term_years,
           minimum_purchase_amount::text as minimum_purchase_amount
    from investment_products
    where id = ${productId}::uuid and is_active
      and (available_from is null or available_from <= ${today}::date)
      and (available_until is null or available_until >= ${today}::date)`);
  return rowsOf<BuyableProductRow>(result)[0] ?? null;
}

export interface FundingAccountRow {
  id: string;
  institution_name: string;
  account_type: string;
  account_name: string | null;
  account_last_four: string;
  is_primary: boolean;
  verification_status: string;
}

const fundingAccountColumns = sql`id, institution_name, account_type, account_name, account_last_four, is_primary, verification_status`;

/** One of the investor's linked accounts (removed ones excluded); null for anyone else's. */
export async function findOwnBankAccount(
  db: Executor,
  investorId: string,
  bankAccountId: string,
): Promise<FundingAccountRow | null> {
  const result = await db.execute(sql`
    select ${fundingAccountColumns} from bank_accounts
    where id = ${bankAccountId}::uuid and investor_id = ${investorId}::uuid and deleted_at is null`);
  return rowsOf<FundingAccountRow>(result)[0] ?? null;
}

/** The investor's verified accounts, primary first: what a purchase may be funded from. */
export async function listVerifiedBankAccounts(
  db: Executor,
  investorId: string,
): Promise<FundingAccountRow[]> {
  const result = await db.execute(sql`
    select ${fundingAccountColumns} from bank_accounts
    where investor_id = ${investorId}::uuid and deleted_at is null and verification_status = 'verified'
    order by is_primary desc, linked_at desc, id`);
  return rowsOf<FundingAccountRow>(result);
}

export const PURCHASE_MAXIMUM_SETTING = 'purchase_maximum_amount';

/** The per-purchase maximum (PRODUCT.md 16), an operator setting with the product's default. */
export async function readPurchaseMaximum(db: Executor): Promise<string> {
  const result = await db.execute(
    sql`select value #>> '{}' as value from app_settings where key = ${PURCHASE_MAXIMUM_SETTING}`,
  );
  return rowsOf<{ value: string | null }>(result)[0]?.value ?? MAXIMUM_PURCHASE_AMOUNT;
}
