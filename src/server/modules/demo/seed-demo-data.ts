/**
 * The demo mode's data (README: demo sign-ins): the demo admin and an investor with two years of
 * history written by the money engine itself. It sits beside the modules it drives, not in the
 * data layer (decision 1870).
 */
import { ELECTRONIC_RECORDS_DISCLOSURE_VERSION } from '../../../shared/consents/consent-disclosures';
import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  endOfQuarter,
  type IsoDate,
  minDate,
  startOfMonth,
} from '../../../shared/dates/calendar-date';
import { nextBusinessDayOnOrAfter } from '../../../shared/dates/business-days';
import type { MaturityInstruction } from '../../../shared/investments/maturity-instruction';
import { type InvestmentType, STANDARD_LOCKUP_MONTHS } from '../../../shared/products/plans';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import { W9_CERTIFICATION_VERSION } from '../../../shared/tax/w9-certification';
import { type Database, rowsOf } from '../../db/client';
import {
  adminUsers,
  bankAccounts,
  investorOnboarding,
  investors,
  notificationPreferences,
  taxRecords,
  tinCertifications,
  electronicConsents,
  users,
} from '../../db/schema';
import { sandboxAchProvider } from '../../providers/ach';
import { encryptField } from '../../security/field-encryption';
import { seedDemoOffering } from '../offerings/seed-demo-offering';
import { hashPassword } from '../../security/passwords';
import { sealTotpSecret } from '../admin-auth/two-factor';
import { historyNotifier } from '../money/money-notices';
import { insertFundedNote } from '../money/note-repository';
import { runMoneyDays } from '../money/run-money-days';
import { insertPendingWithdrawal } from '../money/withdrawal-repository';
import { generateStatementsForMonth } from '../statements/generate-monthly-statements';
import { issueTaxYearForms } from '../tax-runs/service';
import { insertRedemption } from '../redemptions/repository';

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
    // The demo member consented to electronic records when joining (decision 1920); tax forms are a
    // separate consent they have not given, so the 1099-INT goes on paper until they do (decision 1922).
    await tx.insert(electronicConsents).values({
      investorId: investor!.id,
      kind: 'electronic_records',
      action: 'given',
      disclosureVersion: ELECTRONIC_RECORDS_DISCLOSURE_VERSION,
      recordedAt: memberSinceInstant,
    });
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
    // The demo member certified the number on Form W-9 when giving it (decision 1910), so the demo's
    // interest is paid in full; a new sign-up shows the certification banner instead.
    await tx.insert(tinCertifications).values({
      investorId: investor!.id,
      certificationVersion: W9_CERTIFICATION_VERSION,
      tinType: 'ssn',
      tinLastFour: '6789',
      legalName: 'Avery Johnson',
      subjectToBackupWithholding: false,
      isUsPerson: true,
      certifiedAt: memberSinceInstant,
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
  await seedDemoOffering(db, {
    brandName: config.BRAND_NAME,
    adminId: adminId!,
    investorId,
    today,
    now: clock.now(),
  });
  await requestDemoRedemption(db, { investorId, today });
}

/**
 * The demo member asked two days ago to redeem $5,000 of the 5-year High-Yield note early
 * (issue 27): the request waits in the staff queue on /admin/liquidity and on the note's page,
 * where the member can still cancel it.
 */
async function requestDemoRedemption(
  db: Database,
  input: { investorId: string; today: IsoDate },
): Promise<void> {
  const fiveYear = demoNotes.find((note) => note.investmentType === 'high_yield' && note.termYears === 5)!;
  const [note] = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from investments
      where investor_id = ${input.investorId}::uuid and investment_type = 'high_yield' and term_years = 5
        and principal_amount = ${fiveYear.principal}::numeric and status = 'active'`),
  );
  if (!note) return;
  await insertRedemption(db, {
    investmentId: note.id,
    investorId: input.investorId,
    isWhole: false,
    principal: '5000.00',
    now: new Date(`${addDays(input.today, -2)}T16:20:00Z`),
  });
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
  const engine = {
    db,
    ach,
    notifier: historyNotifier(config.BRAND_NAME),
    backupWithholding: {
      rate: config.BACKUP_WITHHOLDING_RATE,
      graceDays: config.BACKUP_WITHHOLDING_GRACE_DAYS,
    },
  };
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
        queueNotices: false,
      }),
    );
  }
}

const DEMO_AGREEMENT_VERSION = '2025-01';
