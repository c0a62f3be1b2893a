import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  addYears,
  daysBetween,
  endOfQuarter,
  type IsoDate,
  minDate,
  startOfMonth,
} from '../../shared/dates/calendar-date';
import { addBusinessDays } from '../../shared/dates/business-days';
import { cumulativeInterestCents, exactInterest, rateToMillionths } from '../../shared/ledger/interest';
import { isInterestCreditedToNote } from '../../shared/ledger/ledger-model';
import { centsToMoney } from '../../shared/money/decimal-string';
import type { InvestmentType } from '../../shared/products/plans';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { encryptField } from '../security/field-encryption';
import { hashPassword } from '../security/passwords';
import type { Database } from './client';
import {
  achPayments,
  adminUsers,
  bankAccounts,
  investmentProducts,
  investments,
  investmentTransactions,
  investorOnboarding,
  investors,
  notificationPreferences,
  pageHotspots,
  scheduledJobs,
  users,
  withdrawals,
} from './schema';

export const seededProducts = [
  {
    displayName: 'Standard Income Note',
    investmentType: 'standard',
    description: '8.00% a year, interest paid monthly to your bank. 12-month lock-up, then withdraw anytime.',
    interestRateAnnual: '0.08',
    termYears: 1,
  },
  {
    displayName: 'High-Yield Growth Note, 2 years',
    investmentType: 'high_yield',
    interestRateAnnual: '0.09',
    termYears: 2,
  },
  {
    displayName: 'High-Yield Growth Note, 3 years',
    investmentType: 'high_yield',
    interestRateAnnual: '0.094',
    termYears: 3,
  },
  {
    displayName: 'High-Yield Growth Note, 4 years',
    investmentType: 'high_yield',
    interestRateAnnual: '0.098',
    termYears: 4,
  },
  {
    displayName: 'High-Yield Growth Note, 5 years',
    investmentType: 'high_yield',
    interestRateAnnual: '0.1024',
    termYears: 5,
  },
] as const;

/** The default jobs of PRODUCT.md 30, with schedules in BUSINESS_TZ. */
export const seededJobs = [
  {
    name: 'Daily interest',
    description: 'Accrues interest for every day not yet accrued and posts each ended month.',
    functionName: 'calculate-daily-interest',
    scheduleCron: '0 1 * * *',
  },
  {
    name: 'Maturities',
    description: 'Posts the last stub of high-yield notes reaching maturity and marks them matured.',
    functionName: 'process-maturities',
    scheduleCron: '30 1 * * *',
  },
  {
    name: 'ACH settlement',
    description: 'Settles pending funding debits, interest credits and withdrawal credits.',
    functionName: 'settle-ach-payments',
    scheduleCron: '0 6 * * 1-5',
  },
  {
    name: 'Quarter-end withdrawals',
    description: 'Pays pending withdrawals on the last day of each quarter.',
    functionName: 'process-withdrawals',
    scheduleCron: '0 2 * * *',
  },
  {
    name: 'Scheduled campaigns',
    description: 'Sends notification campaigns whose scheduled time has come.',
    functionName: 'send-scheduled-campaigns',
    scheduleCron: '*/5 * * * *',
  },
  {
    name: 'Auth cleanup',
    description: 'Deletes expired sign-in links, SMS codes, sessions and stale rate-limit counters.',
    functionName: 'cleanup-expired-auth',
    scheduleCron: '0 3 * * *',
  },
] as const;

export const demoAccounts = {
  investor: { email: 'demo@steadyline.example', password: 'DemoInvestor#2025', phone: '+16175550142' },
  admin: {
    email: 'admin@steadyline.example',
    password: 'DemoAdmin#2025!',
    firstName: 'Morgan',
    lastName: 'Reyes',
  },
} as const;

const seededHotspots = [
  {
    pageSlug: 'abouttemp',
    label: 'See our plans',
    href: '/investments',
    top: 62,
    left: 8,
    width: 22,
    height: 9,
  },
  { pageSlug: 'abouttemp', label: 'Read the FAQ', href: '/faq', top: 62, left: 34, width: 18, height: 9 },
  {
    pageSlug: 'custom-page-1',
    label: 'Get started',
    href: '/signup',
    top: 70,
    left: 39,
    width: 22,
    height: 10,
  },
  {
    pageSlug: 'custom-page-1',
    label: 'How it works',
    href: '/how-it-works',
    top: 84,
    left: 39,
    width: 22,
    height: 6,
  },
  {
    pageSlug: 'custom-page-2',
    label: 'Standard income plan',
    href: '/investments#standard',
    top: 40,
    left: 10,
    width: 36,
    height: 34,
  },
  {
    pageSlug: 'custom-page-2',
    label: 'High-Yield growth plan',
    href: '/investments#high-yield',
    top: 40,
    left: 54,
    width: 36,
    height: 34,
  },
] as const;

export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.select({ name: investmentProducts.displayName }).from(investmentProducts);
    const names = new Set(existing.map((row) => row.name));
    for (const product of seededProducts) {
      if (names.has(product.displayName)) continue;
      await tx.insert(investmentProducts).values({
        displayName: product.displayName,
        investmentType: product.investmentType,
        description: 'description' in product ? product.description : null,
        interestRateAnnual: product.interestRateAnnual,
        termYears: product.termYears,
        minimumPurchaseAmount: '5000.00',
        isActive: true,
      });
    }
    for (const job of seededJobs) {
      await tx
        .insert(scheduledJobs)
        .values({ ...job, enabled: true })
        .onConflictDoNothing();
    }
    const [hotspotCount] = await tx.select({ count: sql<number>`count(*)::int` }).from(pageHotspots);
    if ((hotspotCount?.count ?? 0) === 0) {
      await tx.insert(pageHotspots).values(
        seededHotspots.map((spot, index) => ({
          pageSlug: spot.pageSlug,
          label: spot.label,
          href: spot.href,
          topPercent: String(spot.top),
          leftPercent: String(spot.left),
          widthPercent: String(spot.width),
          heightPercent: String(spot.height),
          sortOrder: index,
        })),
      );
    }
  });
}

interface DemoNote {
  investmentType: InvestmentType;
  principalCents: bigint;
  rate: string;
  termYears: number;
  startOffsetDays: number;
  /** Whether it was withdrawn in full at the first quarter end after its lock-up. */
  withdrawnAtQuarterEnd?: boolean;
}

const demoNotes: DemoNote[] = [
  {
    investmentType: 'standard',
    principalCents: 1_000_000n,
    rate: '0.08',
    termYears: 1,
    startOffsetDays: 727,
    withdrawnAtQuarterEnd: true,
  },
  {
    investmentType: 'high_yield',
    principalCents: 5_000_000n,
    rate: '0.094',
    termYears: 3,
    startOffsetDays: 680,
  },
  {
    investmentType: 'standard',
    principalCents: 2_500_000n,
    rate: '0.08',
    termYears: 1,
    startOffsetDays: 628,
  },
  {
    investmentType: 'high_yield',
    principalCents: 1_500_000n,
    rate: '0.09',
    termYears: 2,
    startOffsetDays: 463,
  },
  {
    investmentType: 'high_yield',
    principalCents: 2_000_000n,
    rate: '0.1024',
    termYears: 5,
    startOffsetDays: 234,
  },
];

export async function seedDemoData(db: Database, config: AppConfig, clock: Clock): Promise<void> {
  const [existingAdmin] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = ${demoAccounts.admin.email}`);
  if (!existingAdmin) {
    await db.insert(adminUsers).values({
      email: demoAccounts.admin.email,
      passwordHash: await hashPassword(demoAccounts.admin.password),
      firstName: demoAccounts.admin.firstName,
      lastName: demoAccounts.admin.lastName,
      role: 'super_admin',
    });
  }
  const [existingUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${demoAccounts.investor.email}`);
  if (existingUser) return;
  const passwordHash = await hashPassword(demoAccounts.investor.password);
  const today = clock.today();
  const memberSince = addDays(today, -730);
  const memberSinceInstant = new Date(`${memberSince}T15:00:00Z`);

  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: demoAccounts.investor.email,
        emailVerifiedAt: memberSinceInstant,
        phoneE164: demoAccounts.investor.phone,
        phoneVerifiedAt: memberSinceInstant,
        passwordHash,
        passwordSetAt: memberSinceInstant,
        createdAt: memberSinceInstant,
      })
      .returning({ id: users.id });
    const [investor] = await tx
      .insert(investors)
      .values({
        userId: user!.id,
        firstName: 'Avery',
        lastName: 'Johnson',
        email: demoAccounts.investor.email,
        phone: demoAccounts.investor.phone,
        status: 'active',
        referralCode: 'AVERY2025',
        createdAt: memberSinceInstant,
      })
      .returning({ id: investors.id });
    const investorId = investor!.id;
    await tx.insert(investorOnboarding).values({
      investorId,
      emailVerified: true,
      phoneVerified: true,
      passwordVerified: true,
      lastStepCompleted: 'password',
      lastActivityAt: memberSinceInstant,
    });
    await tx.insert(notificationPreferences).values({ investorId, marketingEmail: true });
    const [bank] = await tx
      .insert(bankAccounts)
      .values({
        investorId,
        provider: 'sandbox',
        institutionName: 'First Harbor Bank',
        accountType: 'checking',
        accountName: 'Everyday Checking',
        accountLastFour: '6789',
        accountNumberEncrypted: encryptField(config.fieldEncryptionKey, '000123456789'),
        routingNumber: '011000015',
        isPrimary: true,
        verificationStatus: 'verified',
        linkedAt: memberSinceInstant,
        verifiedAt: memberSinceInstant,
      })
      .returning({ id: bankAccounts.id });
    const bankAccountId = bank!.id;

    for (const note of demoNotes) {
      await insertDemoNote(tx, { investorId, bankAccountId, note, today });
    }
  });
}

async function insertDemoNote(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  input: { investorId: string; bankAccountId: string; note: DemoNote; today: IsoDate },
): Promise<void> {
  const { investorId, bankAccountId, note, today } = input;
  const startDate = addDays(today, -note.startOffsetDays);
  const termEnd =
    note.investmentType === 'standard' ? addMonths(startDate, 12) : addYears(startDate, note.termYears);
  const withdrawalDate = note.withdrawnAtQuarterEnd ? endOfQuarter(termEnd) : null;
  const earnUntil = minDate(withdrawalDate ?? today, note.investmentType === 'high_yield' ? termEnd : today);
  const rateMillionths = rateToMillionths(note.rate);
  const principal = centsToMoney(note.principalCents);
  const startInstant = new Date(`${startDate}T14:30:00Z`);

  const [investment] = await tx
    .insert(investments)
    .values({
      investorId,
      investmentType: note.investmentType,
      principalAmount: principal,
      interestRateAnnual: note.rate,
      termYears: note.termYears,
      startDate,
      maturityDate: termEnd,
      status: 'active',
      accruedThrough: earnUntil,
      createdAt: startInstant,
    })
    .returning({ id: investments.id });
  const investmentId = investment!.id;
  const [funding] = await tx
    .insert(achPayments)
    .values({
      investorId,
      bankAccountId,
      investmentId,
      paymentType: 'funding',
      direction: 'debit',
      amount: principal,
      status: 'completed',
      effectiveDate: addBusinessDays(startDate, 1),
      settledAt: new Date(`${addBusinessDays(startDate, 1)}T11:00:00Z`),
      createdAt: startInstant,
    })
    .returning({ id: achPayments.id });
  await tx.insert(investmentTransactions).values({
    investmentId,
    investorId,
    transactionType: 'purchase',
    amount: principal,
    valueEffect: principal,
    transactionDate: startDate,
    achPaymentId: funding!.id,
    notes: 'Note purchased',
    createdAt: startInstant,
  });

  // Post each ended month (and the stub at maturity or withdrawal), as the engine does.
  let postedCents = 0n;
  let periodStart = startDate;
  let lastPostedPeriod: IsoDate | null = null;
  const credited = isInterestCreditedToNote(note.investmentType);
  const isClosed =
    (withdrawalDate !== null && withdrawalDate <= today) ||
    (note.investmentType === 'high_yield' && termEnd <= today);
  while (true) {
    const nextMonth = addMonths(startOfMonth(periodStart), 1);
    const periodEnd = minDate(nextMonth, earnUntil);
    const isMonthEnded = periodEnd === nextMonth && nextMonth <= today;
    const isClosingStub = isClosed && periodEnd === earnUntil;
    if (!isMonthEnded && !isClosingStub) break;
    const cumulative = cumulativeInterestCents(
      note.principalCents,
      rateMillionths,
      daysBetween(startDate, periodEnd),
    );
    const amountCents = cumulative - postedCents;
    postedCents = cumulative;
    const postedOn = periodEnd;
    const postedAt = new Date(`${postedOn}T06:05:00Z`);
    const amount = centsToMoney(amountCents);
    const period = startOfMonth(periodStart);
    lastPostedPeriod = period;
    let achPaymentId: string | null = null;
    if (!credited && amountCents > 0n) {
      const effectiveDate = addBusinessDays(postedOn, 1);
      const [credit] = await tx
        .insert(achPayments)
        .values({
          investorId,
          bankAccountId,
          investmentId,
          paymentType: 'interest',
          direction: 'credit',
          amount,
          status: effectiveDate < today ? 'completed' : 'pending',
          effectiveDate,
          settledAt: effectiveDate < today ? new Date(`${effectiveDate}T11:00:00Z`) : null,
          postingPeriod: period,
          createdAt: postedAt,
        })
        .returning({ id: achPayments.id });
      achPaymentId = credit!.id;
    }
    await tx.insert(investmentTransactions).values({
      investmentId,
      investorId,
      transactionType: 'interest_payment',
      amount,
      valueEffect: credited ? amount : '0.00',
      transactionDate: postedOn,
      postingPeriod: period,
      achPaymentId,
      notes: credited ? 'Interest credited to note' : 'Monthly interest paid to your bank',
      createdAt: postedAt,
    });
    if (periodEnd >= earnUntil) break;
    periodStart = periodEnd;
  }

  const unpostedExact = isClosed
    ? '0.0000000000'
    : subtractCentsFromExact(
        exactInterest(note.principalCents, rateMillionths, daysBetween(startDate, today)),
        postedCents,
      );

  if (withdrawalDate && withdrawalDate <= today) {
    const requestedAt = new Date(`${addDays(withdrawalDate, -20)}T16:00:00Z`);
    const paidAt = new Date(`${withdrawalDate}T07:00:00Z`);
    const [withdrawal] = await tx
      .insert(withdrawals)
      .values({
        investorId,
        bankAccountId,
        amount: principal,
        status: 'paid',
        scheduledFor: withdrawalDate,
        requestedAt,
        paidAt,
        createdAt: requestedAt,
      })
      .returning({ id: withdrawals.id });
    const [credit] = await tx
      .insert(achPayments)
      .values({
        investorId,
        bankAccountId,
        investmentId,
        withdrawalId: withdrawal!.id,
        paymentType: 'withdrawal',
        direction: 'credit',
        amount: principal,
        status: 'completed',
        effectiveDate: addBusinessDays(withdrawalDate, 1),
        settledAt: new Date(`${addBusinessDays(withdrawalDate, 1)}T11:00:00Z`),
        createdAt: paidAt,
      })
      .returning({ id: achPayments.id });
    await tx.update(withdrawals).set({ achPaymentId: credit!.id }).where(eq(withdrawals.id, withdrawal!.id));
    await tx.insert(investmentTransactions).values({
      investmentId,
      investorId,
      transactionType: 'withdrawal',
      amount: principal,
      valueEffect: `-${principal}`,
      transactionDate: withdrawalDate,
      withdrawalId: withdrawal!.id,
      achPaymentId: credit!.id,
      notes: 'Transfer to bank',
      createdAt: paidAt,
    });
  }
  await tx
    .update(investments)
    .set({
      interestAccrued: unpostedExact,
      interestPosted: centsToMoney(postedCents),
      lastPostedPeriod,
      status: withdrawalDate && withdrawalDate <= today ? 'withdrawn' : isClosed ? 'matured' : 'active',
    })
    .where(eq(investments.id, investmentId));
}

/** exact ("123.4567890123") minus whole cents, keeping 10 places. */
function subtractCentsFromExact(exact: string, cents: bigint): string {
  const [whole = '0', fraction = ''] = exact.split('.');
  const scaled = BigInt(whole) * 10n ** 10n + BigInt((fraction + '0000000000').slice(0, 10));
  const result = scaled - cents * 10n ** 8n;
  const negative = result < 0n;
  const absolute = negative ? -result : result;
  return `${negative ? '-' : ''}${absolute / 10n ** 10n}.${(absolute % 10n ** 10n).toString().padStart(10, '0')}`;
}
