import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  endOfQuarter,
  type IsoDate,
  minDate,
  startOfMonth,
} from '../../shared/dates/calendar-date';
import { type InvestmentType, STANDARD_LOCKUP_MONTHS } from '../../shared/products/plans';
import { nextBusinessDayOnOrAfter } from '../../shared/dates/business-days';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { sealTotpSecret } from '../modules/admin-auth/two-factor';
import { historyNotifier } from '../modules/money/money-notices';
import { generateStatementsForMonth } from '../modules/statements/generate-monthly-statements';
import { issueTaxYearForms } from '../modules/tax-runs/service';
import { insertFundedNote } from '../modules/money/note-repository';
import type { MaturityInstruction } from '../../shared/investments/maturity-instruction';
import { runMoneyDays } from '../modules/money/run-money-days';
import { insertPendingWithdrawal } from '../modules/money/withdrawal-repository';
import { sandboxAchProvider } from '../providers/ach';
import { encryptField } from '../security/field-encryption';
import { hashPassword } from '../security/passwords';
import type { Database } from './client';
import {
  adminUsers,
  bankAccounts,
  investmentProducts,
  investorOnboarding,
  investors,
  notificationPreferences,
  pageHotspots,
  scheduledJobs,
  taxRecords,
  users,
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
    name: 'ACH events',
    description:
      "Reads the ACH rail's transfer events since the last one seen and moves each payment's state.",
    functionName: 'sync-ach-events',
    scheduleCron: '*/15 * * * *',
  },
  {
    name: 'ACH reconciliation',
    description: "Compares the ledger's ACH payments with the rail's events and records every difference.",
    functionName: 'reconcile-ach-payments',
    scheduleCron: '0 7 * * *',
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
    // Days 1-7 at 07:00, after the night's interest posting; the function itself waits for the
    // month's first business day and writes each statement once (decision 1720).
    name: 'Monthly statements',
    description:
      'Writes last month’s statement for each investor on the first business day and e-mails that it is ready.',
    functionName: 'generate-monthly-statements',
    scheduleCron: '0 7 1-7 * *',
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
    /**
     * Demo mode only (decision 1601): the demo super_admin is enrolled in TOTP with this published
     * secret, so anyone trying the demo can add it to an authenticator app (the start banner and
     * README print it). A real deployment has no demo accounts.
     */
    totpSecret: 'STEADYLINEDEMOADMINTOTP2SECRETAB',
    firstName: 'Morgan',
    lastName: 'Reyes',
  },
} as const;

/** Where the artwork pages' links sit, in percent of the 800-unit posters (decision 1342). */
const seededHotspots = [
  {
    pageSlug: 'abouttemp',
    label: 'See our plans',
    href: '/investments',
    top: 62.73,
    left: 8,
    width: 41.25,
    height: 9.09,
  },
  {
    pageSlug: 'abouttemp',
    label: 'Read the FAQ',
    href: '/faq',
    top: 62.73,
    left: 52.25,
    width: 39.75,
    height: 9.09,
  },
  {
    pageSlug: 'custom-page-1',
    label: 'Get started',
    href: '/signup',
    top: 66,
    left: 25,
    width: 50,
    height: 11,
  },
  {
    pageSlug: 'custom-page-1',
    label: 'How it works',
    href: '/how-it-works',
    top: 80,
    left: 32.5,
    width: 35,
    height: 8,
  },
  {
    pageSlug: 'custom-page-2',
    label: 'Standard income plan',
    href: '/investments#standard',
    top: 31.45,
    left: 8,
    width: 84,
    height: 30.65,
  },
  {
    pageSlug: 'custom-page-2',
    label: 'High-Yield growth plan',
    href: '/investments#high-yield',
    top: 64.52,
    left: 8,
    width: 84,
    height: 30.65,
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
  principal: string;
  rate: string;
  termYears: number;
  startOffsetDays: number;
  maturityInstruction?: MaturityInstruction;
  /** Standard: monthly interest reinvested in the note (decision 1740). */
  reinvestInterest?: boolean;
}

/**
 * Indexes 0 and 2 are the notes the demo transfers draw from. The two 2-year notes started
 * about two years ago show maturity instructions (issue 17): one matured a few days ago and was
 * rolled over (still undoable), one matures in about two weeks with a rollover chosen (its
 * 30-day reminder is in the bell).
 */
const demoNotes: DemoNote[] = [
  { investmentType: 'standard', principal: '10000.00', rate: '0.08', termYears: 1, startOffsetDays: 727 },
  {
    investmentType: 'high_yield',
    principal: '50000.00',
    rate: '0.094',
    termYears: 3,
    startOffsetDays: 680,
    maturityInstruction: { kind: 'pay_out' },
  },
  { investmentType: 'standard', principal: '25000.00', rate: '0.08', termYears: 1, startOffsetDays: 628 },
  { investmentType: 'high_yield', principal: '15000.00', rate: '0.09', termYears: 2, startOffsetDays: 463 },
  { investmentType: 'high_yield', principal: '20000.00', rate: '0.1024', termYears: 5, startOffsetDays: 234 },
  {
    investmentType: 'high_yield',
    principal: '8000.00',
    rate: '0.09',
    termYears: 2,
    startOffsetDays: 734,
    maturityInstruction: { kind: 'roll_over', term_years: 2 },
  },
  {
    investmentType: 'high_yield',
    principal: '12000.00',
    rate: '0.09',
    termYears: 2,
    startOffsetDays: 716,
    maturityInstruction: { kind: 'roll_over', term_years: 3 },
  },
  // A Standard note reinvesting its interest since it was bought: several compounded months (issue 17 item 2).
  {
    investmentType: 'standard',
    principal: '15000.00',
    rate: '0.08',
    termYears: 1,
    startOffsetDays: 205,
    reinvestInterest: true,
  },
];

/**
 * Transfers the demo investor asked for: all of the first note once its lock-up is over,
 * and part of the third a quarter later, each requested a few weeks before its quarter end.
 */
function demoTransfers(
  notes: { startDate: IsoDate; principal: string }[],
): { requestedOn: IsoDate; amount: string }[] {
  const first = notes[0]!;
  const third = notes[2]!;
  const firstQuarterEnd = endOfQuarter(addMonths(first.startDate, STANDARD_LOCKUP_MONTHS));
  const thirdQuarterEnd = endOfQuarter(
    addDays(endOfQuarter(addMonths(third.startDate, STANDARD_LOCKUP_MONTHS)), 1),
  );
  return [
    { requestedOn: addDays(firstQuarterEnd, -20), amount: first.principal },
    { requestedOn: addDays(thirdQuarterEnd, -15), amount: '5000.00' },
  ];
}

export async function seedDemoData(db: Database, config: AppConfig, clock: Clock): Promise<void> {
  const [existingAdmin] = await db
    .select({ id: adminUsers.id, totpEnabledAt: adminUsers.totpEnabledAt })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = ${demoAccounts.admin.email}`);
  const demoTotp = {
    totpSecret: sealTotpSecret(config, demoAccounts.admin.totpSecret),
    totpEnabledAt: clock.now(),
  };
  let adminId = existingAdmin?.id;
  if (!existingAdmin) {
    const [admin] = await db
      .insert(adminUsers)
      .values({
        email: demoAccounts.admin.email,
        passwordHash: await hashPassword(demoAccounts.admin.password),
        firstName: demoAccounts.admin.firstName,
        lastName: demoAccounts.admin.lastName,
        role: 'super_admin',
        ...demoTotp,
      })
      .returning({ id: adminUsers.id });
    adminId = admin!.id;
  } else if (!existingAdmin.totpEnabledAt) {
    // A demo database from before two-factor: the demo admin gets the published secret too.
    await db.update(adminUsers).set(demoTotp).where(eq(adminUsers.id, existingAdmin.id));
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

  const { investorId, bankAccountId } = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: demoAccounts.investor.email,
        emailVerifiedAt: memberSinceInstant,
        phoneE164: demoAccounts.investor.phone,
        phoneVerifiedAt: memberSinceInstant,
        passwordHash,
        passwordSetAt: memberSinceInstant,
        // A member for two years has signed in before: the portal greets them with "Welcome back".
        signInCount: 1,
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
    await tx.insert(investorOnboarding).values({
      investorId: investor!.id,
      emailVerified: true,
      phoneVerified: true,
      passwordVerified: true,
      lastStepCompleted: 'password',
      lastActivityAt: memberSinceInstant,
    });
    await tx.insert(notificationPreferences).values({ investorId: investor!.id, marketingEmail: true });
    // Linking a bank needs an approved identity check (PRODUCT.md 22): the demo member passed the sandbox's.
    await tx.insert(taxRecords).values({
      investorId: investor!.id,
      legalFirstName: 'Avery',
      legalLastName: 'Johnson',
      dateOfBirth: '1984-06-12',
      address1: '200 Harbor Street',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
      ssnEncrypted: encryptField(config.fieldEncryptionKey, '123456789'),
      ssnLastFour: '6789',
      kycStatus: 'approved',
      kycProvider: 'sandbox',
      kycReference: 'demo',
      kycCheckedAt: memberSinceInstant,
    });
    const [bank] = await tx
      .insert(bankAccounts)
      .values({
        investorId: investor!.id,
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
    return { investorId: investor!.id, bankAccountId: bank!.id };
  });

  await writeDemoHistory(db, config, { investorId, bankAccountId, today, adminId: adminId! });
}

/**
 * Two years of history made by the money engine itself: each note is bought on its start
 * day (purchase entry, funding debit, authorisation), the transfers are requested on theirs,
 * and the jobs run over every day up to today, so the ledger check always passes.
 */
async function writeDemoHistory(
  db: Database,
  config: AppConfig,
  input: { investorId: string; bankAccountId: string; today: IsoDate; adminId: string },
): Promise<void> {
  const { investorId, bankAccountId, today } = input;
  const ach = sandboxAchProvider({ settlementBusinessDays: config.ACH_SETTLEMENT_BUSINESS_DAYS });
  const engine = { db, ach, notifier: historyNotifier(config.BRAND_NAME) };
  const notes = demoNotes.map((note) => ({ ...note, startDate: addDays(today, -note.startOffsetDays) }));
  const transfers = demoTransfers(notes).filter((transfer) => transfer.requestedOn < today);
  await runMoneyDays(engine, {
    from: notes.map((note) => note.startDate).reduce(minDate),
    through: today,
    eventDays: [...notes.map((note) => note.startDate), ...transfers.map((transfer) => transfer.requestedOn)],
    async beforeDay(day) {
      const purchasedAt = new Date(`${day}T15:00:00Z`);
      await db.transaction(async (tx) => {
        for (const note of notes.filter((candidate) => candidate.startDate === day)) {
          await insertFundedNote(tx, {
            investorId,
            bankAccountId,
            investmentType: note.investmentType,
            principal: note.principal,
            rate: note.rate,
            termYears: note.termYears,
            startDate: day,
            now: purchasedAt,
            fundingEffectiveDate: ach.expectedSettlementDate(day),
            agreementVersion: DEMO_AGREEMENT_VERSION,
            ipAddress: '203.0.113.24',
            maturityInstruction: note.maturityInstruction,
            reinvestInterest: note.reinvestInterest ?? false,
          });
        }
        for (const transfer of transfers.filter((candidate) => candidate.requestedOn === day)) {
          await insertPendingWithdrawal(tx, {
            investorId,
            bankAccountId,
            amount: transfer.amount,
            requestedOn: day,
            now: purchasedAt,
          });
        }
      });
    },
  });
  // The statement job for every month that has ended (decision 1720); no "ready" notices for history.
  const firstMonth = startOfMonth(notes.map((note) => note.startDate).reduce(minDate));
  for (let period = firstMonth; period < startOfMonth(today); period = addMonths(period, 1)) {
    const issuedOn = nextBusinessDayOnOrAfter(addMonths(period, 1));
    await generateStatementsForMonth(
      { db, now: new Date(`${issuedOn}T12:00:00Z`), brandName: config.BRAND_NAME, notify: false },
      period,
    );
  }
  // Each ended year's tax run, as staff run it by mid-January (decision 1622): the forms the
  // portal offers. No "ready" notices for history.
  for (let year = Number(firstMonth.slice(0, 4)); year < Number(today.slice(0, 4)); year += 1) {
    const ranOn = nextBusinessDayOnOrAfter(`${year + 1}-01-15`);
    if (ranOn > today) break;
    const ranAt = new Date(`${ranOn}T15:00:00Z`);
    await db.transaction((tx) =>
      issueTaxYearForms(tx, {
        taxYear: year,
        startedBy: input.adminId,
        now: ranAt,
        brandName: config.BRAND_NAME,
      }),
    );
  }
}

const DEMO_AGREEMENT_VERSION = '2025-01';
