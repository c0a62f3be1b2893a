/**
 * The `liquidity-check` job (issue 27, decision 1942): every day, coverage over the next 90
 * days ((cash + known inflows) / obligations) against LIQUIDITY_COVERAGE_THRESHOLD. Each check
 * is kept with its figures; below the threshold, operations staff and super admins are e-mailed
 * (every day until someone acknowledges it) and every admin page shows the alert. The
 * `coverage-snapshot` job writes the public coverage page's daily snapshot and Merkle sum tree.
 */
import { startOfMonth } from '../../../shared/dates/calendar-date';
import { TRANSPARENCY_MONTHS } from '../../../shared/liquidity/liquidity-contracts';
import { centsToMoney } from '../../../shared/money/decimal-string';
import type { AppContext } from '../../context';
import type { JobFunctionDefinition } from '../../functions/job-functions';
import { collectLines, coverageOverHorizon, forecastTable, forecastWindow, monthBuckets } from './forecast';
import {
  insertCoverageCheck,
  selectLiquiditySettings,
  selectOpenAlert,
  selectOperationsStaff,
  setStaffEmailed,
} from './repository';
import { assumptionsOf, cashSummary, thresholdTenThousandths } from './service';
import { takeTransparencySnapshot } from './transparency-service';

export interface LiquidityCheckResult {
  checkId: string;
  isBelow: boolean;
  coverage: string | null;
  staffEmailed: number;
}

function formatMoney(amount: string): string {
  const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
  return `${amount.startsWith('-') ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

export async function runLiquidityCheck(context: AppContext, today: string): Promise<LiquidityCheckResult> {
  const now = context.clock.now();
  const [settings, cash] = await Promise.all([selectLiquiditySettings(context.db), cashSummary(context.db)]);
  const lines = await collectLines(context.db, forecastWindow(today), assumptionsOf(settings));
  const threshold = context.config.LIQUIDITY_COVERAGE_THRESHOLD;
  const horizon = coverageOverHorizon(lines, today, cash.totalCents, thresholdTenThousandths(threshold));
  const available = cash.totalCents + horizon.inflowsCents;
  const owed = horizon.obligationsCents;
  const isBelow = owed > 0n && available * 10_000n < owed * thresholdTenThousandths(threshold);
  const checkId = await insertCoverageCheck(context.db, {
    checkedOn: today,
    horizonUntil: horizon.horizonUntil,
    threshold,
    cash: centsToMoney(cash.totalCents),
    inflows: centsToMoney(horizon.inflowsCents),
    obligations: centsToMoney(owed),
    coverage: horizon.coverage,
    isBelow,
    firstBelowPeriod: horizon.firstBelowPeriod ?? (isBelow ? today : null),
    figures: {
      accounts: cash.accounts,
      rollover_rate: settings.rollover_rate,
      weeks: horizon.weeks,
    },
    now,
  });
  let staffEmailed = 0;
  if (isBelow && (await selectOpenAlert(context.db))?.id === checkId) {
    const staff = await selectOperationsStaff(context.db);
    const brand = context.config.BRAND_NAME;
    for (const member of staff) {
      const sent = await context.messages.sendEmail({
        to: member.email,
        subject: `${brand}: liquidity coverage ${horizon.coverage ?? '0'} is below ${threshold}`,
        text: [
          `Hello ${member.first_name},`,
          '',
          `The liquidity check of ${today} found coverage of ${horizon.coverage ?? '0'} over the next 90 days, below the threshold of ${threshold}.`,
          `Cash recorded: ${formatMoney(centsToMoney(cash.totalCents))}${cash.oldestAsOf ? ` (oldest balance dated ${cash.oldestAsOf})` : ' (no balance recorded)'}`,
          `Known inflows: ${formatMoney(centsToMoney(horizon.inflowsCents))}`,
          `Obligations: ${formatMoney(centsToMoney(owed))}`,
          horizon.firstBelowPeriod
            ? `Coverage first falls below the threshold in the week of ${horizon.firstBelowPeriod}.`
            : '',
          '',
          `Review the forecast and acknowledge the alert: ${context.config.appUrl}/admin/liquidity`,
          'You will get this e-mail after every daily check until someone acknowledges it.',
        ]
          .filter((line, index, all) => line !== '' || all[index - 1] !== '')
          .join('\n'),
      });
      if (sent.status === 'sent') staffEmailed += 1;
    }
    await setStaffEmailed(context.db, checkId, staffEmailed);
  }
  return { checkId, isBelow, coverage: horizon.coverage, staffEmailed };
}

/**
 * The public coverage page's daily figures and Merkle sum tree (decision 1943), written only
 * while staff have the page on; its own job, so the check stays quick whatever the tree costs.
 */
export async function publishCoverageSnapshot(context: AppContext, today: string): Promise<string | null> {
  const [settings, cash] = await Promise.all([selectLiquiditySettings(context.db), cashSummary(context.db)]);
  if (!settings.transparency_enabled) return null;
  const lines = await collectLines(context.db, forecastWindow(today), assumptionsOf(settings));
  const threshold = thresholdTenThousandths(context.config.LIQUIDITY_COVERAGE_THRESHOLD);
  const horizon = coverageOverHorizon(lines, today, cash.totalCents, threshold);
  const months = forecastTable(lines, monthBuckets(today), cash.totalCents);
  return takeTransparencySnapshot(context.db, {
    today,
    now: context.clock.now(),
    obligationsByMonth: months.periods.slice(0, TRANSPARENCY_MONTHS).map((period, index) => ({
      month: startOfMonth(period.start),
      label: period.label,
      amount: months.obligations[index] ?? '0.00',
    })),
    cash: { total: centsToMoney(cash.totalCents), as_of: cash.oldestAsOf },
    coverage: {
      ratio: horizon.coverage,
      first_short_month: months.first_short_period ? startOfMonth(months.first_short_period) : null,
    },
  });
}

export const liquidityCheckJob: JobFunctionDefinition = {
  name: 'liquidity-check',
  description:
    'Checks coverage over the next 90 days against the threshold and alerts operations staff below it.',
  async run(context, input) {
    const result = await runLiquidityCheck(context, input.executionDate);
    return { recordsProcessed: 1, metadata: { ...result } };
  },
};

export const coverageSnapshotJob: JobFunctionDefinition = {
  name: 'coverage-snapshot',
  description:
    'Writes the public coverage page’s daily figures and the Merkle sum tree note holders check their proofs against (only while the page is published).',
  async run(context, input) {
    const snapshotId = await publishCoverageSnapshot(context, input.executionDate);
    return { recordsProcessed: snapshotId ? 1 : 0, metadata: { snapshotId, published: snapshotId !== null } };
  },
};
