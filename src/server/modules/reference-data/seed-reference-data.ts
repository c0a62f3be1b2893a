/**
 * The reference data every installation needs, demo or not: the product catalogue, the default
 * jobs and the artwork pages' links. Each run adds only what is missing.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { investmentProducts, pageHotspots, scheduledJobs } from '../../db/schema';

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
    // After the night's interest and withdrawals, before ACH settlement sends the credits (decision 1951).
    name: 'Early redemptions',
    description: 'Pays approved early redemptions on their payment date.',
    functionName: 'pay-early-redemptions',
    scheduleCron: '15 2 * * *',
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
  {
    // After the night's interest, maturities and withdrawals (decision 1942).
    name: 'Liquidity check',
    description:
      'Checks coverage over the next 90 days against the threshold and alerts operations staff below it.',
    functionName: 'liquidity-check',
    scheduleCron: '0 5 * * *',
  },
  {
    // Does nothing until staff publish the coverage page (decision 1943).
    name: 'Coverage page',
    description:
      'Writes the public coverage page’s daily figures and the digest note holders check their proofs against, while the page is published.',
    functionName: 'coverage-snapshot',
    scheduleCron: '15 5 * * *',
  },
  {
    // Off until the operator sets BACKUP_DIR and enables it (decision 1880).
    name: 'Backup',
    description: 'Writes a backup of the database with its manifest to BACKUP_DIR and prunes old ones.',
    functionName: 'backup',
    scheduleCron: '30 3 * * *',
    enabled: false,
  },
  {
    name: 'Backup check',
    description:
      'Restores the newest backup into a scratch database and checks it against its manifest and the ledger.',
    functionName: 'verify-backup',
    scheduleCron: '30 4 * * *',
    enabled: false,
  },
] as const;

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
      const [created] = await tx
        .insert(investmentProducts)
        .values({
          displayName: product.displayName,
          investmentType: product.investmentType,
          description: 'description' in product ? product.description : null,
          interestRateAnnual: product.interestRateAnnual,
          termYears: product.termYears,
          minimumPurchaseAmount: '5000.00',
          isActive: true,
        })
        .returning({ id: investmentProducts.id });
      // The seeded catalogue is the platform's opening offer: on record from the start, so a
      // history made afterwards for earlier days (the demo's, a simulated year) finds the offer
      // of each maturity date (decision 1810). Later changes are kept from their own instant.
      await tx.execute(
        sql`update investment_product_history set valid_from = '-infinity' where product_id = ${created!.id}::uuid`,
      );
    }
    for (const job of seededJobs) {
      await tx
        .insert(scheduledJobs)
        .values({ enabled: true, ...job })
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
