/**
 * Test fixtures for the money engine: investors with a verified bank account, notes bought
 * through the purchase-like insert, and a day runner that fires the jobs in cron order.
 */
import { randomBytes } from 'node:crypto';
import type { IsoDate } from '../../shared/dates/calendar-date';
import type { InvestmentType } from '../../shared/products/plans';
import type { MaturityInstruction } from '../../shared/investments/maturity-instruction';
import { movableClock } from '../clock';
import type { Database } from '../db/client';
import { bankAccounts, investors, notificationPreferences, users } from '../db/schema';
import type { MoneyEngineContext } from '../modules/money/engine-context';
import { type MoneyNotifier, queueingNotifier } from '../modules/money/money-notices';
import { insertFundedNote } from '../modules/money/note-repository';
import { calculateDailyInterest } from '../modules/money/calculate-daily-interest';
import { processMaturities } from '../modules/money/process-maturities';
import { payEarlyRedemptions } from '../modules/money/pay-early-redemptions';
import { processWithdrawals } from '../modules/money/process-withdrawals';
import { runMoneyJobsForDay } from '../modules/money/run-money-days';
import { settleAchPayments } from '../modules/money/settle-ach-payments';
import { type SandboxAchProvider, sandboxAchProvider } from '../providers/ach';
import { DEFAULT_BACKUP_WITHHOLDING_RULE } from '../modules/backup-withholding/withholding-rule';

export interface TestEngine extends MoneyEngineContext {
  ach: SandboxAchProvider;
  /** Sets the engine's clock to the morning of a business date. */
  setDate(date: IsoDate): void;
}

/** Queues notices as the app does, and records what the engine asked to notify. */
export function recordingNotifier(): MoneyNotifier & {
  interest: string[];
  withdrawals: string[];
  other: string[];
} {
  const queued = queueingNotifier('Steadyline');
  const interest: string[] = [];
  const withdrawals: string[] = [];
  const other: string[] = [];
  return {
    brandName: queued.brandName,
    interest,
    withdrawals,
    other,
    async interestPaid(tx, notices, now) {
      await queued.interestPaid(tx, notices, now);
      interest.push(...notices.map((notice) => `${notice.investorId}:${notice.executionDate}`));
    },
    async maturityNotices(tx, notices, now) {
      await queued.maturityNotices(tx, notices, now);
      other.push(...notices.map((notice) => `${notice.investorId}:${notice.executionDate}:${notice.title}`));
    },
    async withdrawalPaid(tx, notices, now) {
      await queued.withdrawalPaid(tx, notices, now);
      withdrawals.push(
        ...notices.map((notice) => `${notice.investorId}:${notice.executionDate}:${notice.amount}`),
      );
    },
    async paymentSetbacks(tx, notices, now) {
      await queued.paymentSetbacks(tx, notices, now);
    },
    async redemptionPaid(tx, notices, now) {
      await queued.redemptionPaid(tx, notices, now);
      other.push(
        ...notices.map(
          (notice) => `${notice.investorId}:${notice.executionDate}:redeemed ${notice.amountPaid}`,
        ),
      );
    },
  };
}

export function createTestEngine(
  db: Database,
  options: {
    notifier?: MoneyNotifier;
    investorsPerBatch?: number;
    batchConnections?: number;
    settlementBusinessDays?: number;
  } = {},
): TestEngine {
  const clock = movableClock('2024-01-01T11:00:00Z');
  return {
    db,
    clock,
    ach: sandboxAchProvider({ settlementBusinessDays: options.settlementBusinessDays ?? 1 }),
    notifier: options.notifier ?? recordingNotifier(),
    backupWithholding: DEFAULT_BACKUP_WITHHOLDING_RULE,
    investorsPerBatch: options.investorsPerBatch,
    batchConnections: options.batchConnections,
    setDate(date) {
      clock.set(`${date}T11:00:00Z`);
    },
  };
}

export async function createFundedInvestor(
  db: Database,
  options: { email?: string; phone?: string } = {},
): Promise<{ investorId: string; bankAccountId: string; email: string }> {
  const email = options.email ?? `investor-${randomBytes(5).toString('hex')}@example.com`;
  const phone = options.phone ?? null;
  const [user] = await db
    .insert(users)
    .values({
      email,
      emailVerifiedAt: new Date(),
      phoneE164: phone,
      phoneVerifiedAt: phone ? new Date() : null,
    })
    .returning({ id: users.id });
  const [investor] = await db
    .insert(investors)
    .values({
      userId: user!.id,
      firstName: 'Test',
      lastName: 'Investor',
      email,
      phone,
      status: 'active',
      referralCode: randomBytes(5).toString('hex').toUpperCase(),
    })
    .returning({ id: investors.id });
  await db.insert(notificationPreferences).values({ investorId: investor!.id });
  const [bank] = await db
    .insert(bankAccounts)
    .values({
      investorId: investor!.id,
      provider: 'sandbox',
      institutionName: 'Test Bank',
      accountType: 'checking',
      accountLastFour: '4321',
      isPrimary: true,
      verificationStatus: 'verified',
      verifiedAt: new Date(),
    })
    .returning({ id: bankAccounts.id });
  return { investorId: investor!.id, bankAccountId: bank!.id, email };
}

export async function buyNote(
  engine: TestEngine,
  input: {
    investorId: string;
    bankAccountId: string;
    investmentType: InvestmentType;
    principal: string;
    rate: string;
    termYears?: number;
    startDate: IsoDate;
    /** High-Yield: what happens at maturity; default none (the note waits, matured, as before issue 17). */
    maturityInstruction?: MaturityInstruction | null;
    /** Standard: reinvest the interest from the first month (decision 1740). */
    reinvestInterest?: boolean;
  },
): Promise<{ investmentId: string; achPaymentId: string }> {
  return engine.db.transaction((tx) =>
    insertFundedNote(tx, {
      investorId: input.investorId,
      bankAccountId: input.bankAccountId,
      investmentType: input.investmentType,
      principal: input.principal,
      rate: input.rate,
      termYears: input.termYears ?? (input.investmentType === 'standard' ? 1 : 2),
      startDate: input.startDate,
      now: new Date(`${input.startDate}T15:00:00Z`),
      fundingEffectiveDate: engine.ach.expectedSettlementDate(input.startDate),
      agreementVersion: 'test',
      maturityInstruction: input.maturityInstruction ?? null,
      reinvestInterest: input.reinvestInterest ?? false,
    }),
  );
}

/** Fires the money jobs for one day in their cron order. */
export async function runMoneyDay(engine: TestEngine, date: IsoDate): Promise<void> {
  engine.setDate(date);
  await runMoneyJobsForDay(engine, date);
}

/**
 * In which order a day's jobs fire: the seeded cron order, transfers paid before the interest
 * run, or the cron order without the interest run (it failed or was not run that day).
 */
export type DayOrder = 'cron' | 'withdrawals-first' | 'interest-missed';

/**
 * Fires the money jobs for one day with transfers paid before the month-end interest run
 * (maturities first, so a note that matures that day can pay the transfer, as in the model),
 * or without the interest run.
 */
export async function runMoneyDayInOrder(engine: TestEngine, date: IsoDate, order: DayOrder): Promise<void> {
  if (order === 'cron') return runMoneyDay(engine, date);
  engine.setDate(date);
  await processMaturities(engine, date);
  await processWithdrawals(engine, date);
  await payEarlyRedemptions(engine, date);
  if (order === 'withdrawals-first') await calculateDailyInterest(engine, date);
  await settleAchPayments(engine, date);
}
