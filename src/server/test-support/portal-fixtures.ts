/**
 * Test fixtures for the investor portal: a signed-up investor with a verified bank account
 * and notes whose history the real money engine wrote, month by month.
 */
import { giveConsentDirectly } from './consent-fixtures';
import { addMonths, type IsoDate, startOfMonth } from '../../shared/dates/calendar-date';
import type { Database } from '../db/client';
import { bankAccounts } from '../db/schema';
import { createTestEngine, runMoneyDay, type TestEngine } from './money-fixtures';
import { type SignedInInvestor, signUpInvestor } from './investor-auth';
import type { TestApp } from './test-app';

export async function addBankAccount(
  db: Database,
  investorId: string,
  options: { verified?: boolean; primary?: boolean; lastFour?: string } = {},
): Promise<string> {
  const verified = options.verified ?? true;
  const [bank] = await db
    .insert(bankAccounts)
    .values({
      investorId,
      provider: 'sandbox',
      institutionName: 'First Harbor Bank',
      accountType: 'checking',
      accountName: 'Everyday Checking',
      accountLastFour: options.lastFour ?? '6789',
      isPrimary: options.primary ?? true,
      verificationStatus: verified ? 'verified' : 'pending',
      verifiedAt: verified ? new Date('2024-01-01T12:00:00Z') : null,
    })
    .returning({ id: bankAccounts.id });
  return bank!.id;
}

export interface BankedInvestor extends SignedInInvestor {
  bankAccountId: string;
}

/** The real sign-up journey, then a verified primary bank account. */
export async function signUpBankedInvestor(testApp: TestApp, email: string): Promise<BankedInvestor> {
  const investor = await signUpInvestor(testApp, { email });
  const bankAccountId = await addBankAccount(testApp.context.db, investor.investorId);
  // A banked investor in these tests buys through the API: the ESIGN consent comes first (decision 1920).
  await giveConsentDirectly(testApp.context.db, investor.investorId);
  return { ...investor, bankAccountId };
}

/** Fires the money jobs on the first of every month from `from` through `through` (missed days are caught up). */
export async function runMonthStarts(engine: TestEngine, from: IsoDate, through: IsoDate): Promise<void> {
  for (let day = addMonths(startOfMonth(from), 1); day <= through; day = addMonths(day, 1)) {
    await runMoneyDay(engine, day);
  }
}

export function portalEngine(testApp: TestApp): TestEngine {
  return createTestEngine(testApp.context.db);
}
