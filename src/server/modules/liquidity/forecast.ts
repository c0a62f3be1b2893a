/**
 * The obligations forecast (issue 27 section 1, decision 1940): every line source's dated
 * amounts, bucketed into the next 24 months and 13 weeks, with cash and coverage per period.
 * Coverage is cumulative: the cash recorded plus the inflows known up to a period's end, over
 * everything owed (less expected rollovers) up to its end, since cash spent in one month is not
 * there for the next.
 */
import { shortMonthNames } from '../../../shared/format/en-us-text';
import {
  addDays,
  addMonths,
  type IsoDate,
  maxDate,
  minDate,
  startOfMonth,
} from '../../../shared/dates/calendar-date';
import {
  COVERAGE_CHECK_DAYS,
  FORECAST_MONTHS,
  FORECAST_WEEKS,
  type ForecastLine,
  type ForecastPeriod,
  type ForecastTable,
} from '../../../shared/liquidity/liquidity-contracts';
import { centsToMoney } from '../../../shared/money/decimal-string';
import type { Executor } from '../../db/client';
import type {
  DatedAmount,
  ForecastAssumptions,
  ForecastLineSource,
  ForecastWindow,
} from './forecast-line-source';
import { forecastLineSources } from './forecast-lines';

export function monthLabel(date: IsoDate): string {
  return `${shortMonthNames[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}

function dayLabel(date: IsoDate): string {
  return `${Number(date.slice(8, 10))} ${shortMonthNames[Number(date.slice(5, 7)) - 1]}`;
}

interface Bucket {
  start: IsoDate;
  /** Exclusive. */
  until: IsoDate;
  label: string;
}

export function monthBuckets(today: IsoDate, count = FORECAST_MONTHS): Bucket[] {
  const first = startOfMonth(today);
  return Array.from({ length: count }, (_unused, index) => {
    const start = addMonths(first, index);
    return {
      start: index === 0 ? today : start,
      until: addMonths(first, index + 1),
      label: monthLabel(start),
    };
  });
}

export function weekBuckets(today: IsoDate, count = FORECAST_WEEKS): Bucket[] {
  return Array.from({ length: count }, (_unused, index) => {
    const start = addDays(today, index * 7);
    return { start, until: addDays(start, 7), label: `Week of ${dayLabel(start)}` };
  });
}

export interface CollectedLine {
  source: ForecastLineSource;
  amounts: DatedAmount[];
}

/** The window every view needs: 24 whole months and the 90-day check. */
export function forecastWindow(today: IsoDate): ForecastWindow {
  return {
    today,
    until: maxDate(
      addMonths(startOfMonth(today), FORECAST_MONTHS),
      addDays(today, Math.max(COVERAGE_CHECK_DAYS, FORECAST_WEEKS * 7)),
    ),
  };
}

export async function collectLines(
  db: Executor,
  window: ForecastWindow,
  assumptions: ForecastAssumptions,
  sources: readonly ForecastLineSource[] = forecastLineSources,
): Promise<CollectedLine[]> {
  return Promise.all(
    sources.map(async (source) => ({ source, amounts: await source.collect(db, window, assumptions) })),
  );
}

function bucketTotals(buckets: readonly Bucket[], amounts: readonly DatedAmount[]): bigint[] {
  const totals = buckets.map(() => 0n);
  for (const amount of amounts) {
    const index = buckets.findIndex((bucket) => amount.date >= bucket.start && amount.date < bucket.until);
    if (index >= 0) totals[index] = (totals[index] as bigint) + amount.cents;
  }
  return totals;
}

/** (available / owed) to 4 places, truncated; null while nothing is owed. */
export function coverageRatio(availableCents: bigint, owedCents: bigint): string | null {
  if (owedCents <= 0n) return null;
  const scaled = (availableCents * 10_000n) / owedCents;
  return `${scaled / 10_000n}.${(scaled % 10_000n).toString().padStart(4, '0')}`;
}

/** Signed effect of a line on what is owed: obligations add, offsets subtract, inflows none. */
function owedSign(line: ForecastLineSource): bigint {
  if (line.kind === 'obligation') return 1n;
  return line.kind === 'offset' ? -1n : 0n;
}

export function forecastTable(
  lines: readonly CollectedLine[],
  buckets: readonly Bucket[],
  cashCents: bigint,
): ForecastTable {
  const periods: ForecastPeriod[] = buckets.map((bucket) => ({
    start: bucket.start,
    end: addDays(bucket.until, -1),
    label: bucket.label,
  }));
  const tableLines: ForecastLine[] = [];
  const owed = buckets.map(() => 0n);
  const inflows = buckets.map(() => 0n);
  for (const { source, amounts } of lines) {
    const totals = bucketTotals(buckets, amounts);
    const sign = owedSign(source);
    totals.forEach((cents, index) => {
      if (source.kind === 'inflow') inflows[index] = (inflows[index] as bigint) + cents;
      else owed[index] = (owed[index] as bigint) + sign * cents;
    });
    tableLines.push({
      key: source.key,
      label: source.label,
      kind: source.kind,
      description: source.description,
      amounts: totals.map(centsToMoney),
      total: centsToMoney(totals.reduce((sum, cents) => sum + cents, 0n)),
    });
  }
  let owedSoFar = 0n;
  let inSoFar = 0n;
  const cashAfter: string[] = [];
  const coverage: (string | null)[] = [];
  let firstShort: string | null = null;
  buckets.forEach((bucket, index) => {
    owedSoFar += owed[index] as bigint;
    inSoFar += inflows[index] as bigint;
    const available = cashCents + inSoFar;
    cashAfter.push(centsToMoney(available - owedSoFar));
    coverage.push(coverageRatio(available, owedSoFar));
    if (firstShort === null && owedSoFar > 0n && available < owedSoFar) firstShort = bucket.start;
  });
  return {
    periods,
    lines: tableLines,
    obligations: owed.map(centsToMoney),
    inflows: inflows.map(centsToMoney),
    cash_after: cashAfter,
    coverage,
    first_short_period: firstShort,
  };
}

export interface CoverageOverHorizon {
  horizonUntil: IsoDate;
  obligationsCents: bigint;
  inflowsCents: bigint;
  coverage: string | null;
  /** The first week in the horizon whose cumulative coverage is below the threshold. */
  firstBelowPeriod: IsoDate | null;
  weeks: ForecastTable;
}

/** The daily check's view: the next 90 days as a whole, and week by week. */
export function coverageOverHorizon(
  lines: readonly CollectedLine[],
  today: IsoDate,
  cashCents: bigint,
  thresholdTenThousandths: bigint,
): CoverageOverHorizon {
  const horizon: Bucket = { start: today, until: addDays(today, COVERAGE_CHECK_DAYS), label: 'Next 90 days' };
  const whole = forecastTable(lines, [horizon], cashCents);
  const weeks = forecastTable(
    lines,
    weekBuckets(today, Math.ceil(COVERAGE_CHECK_DAYS / 7)).map((week) => ({
      ...week,
      until: minDate(week.until, horizon.until),
    })),
    cashCents,
  );
  const obligationsCents = BigInt((whole.obligations[0] ?? '0.00').replace('.', ''));
  const inflowsCents = BigInt((whole.inflows[0] ?? '0.00').replace('.', ''));
  let firstBelow: IsoDate | null = null;
  weeks.coverage.forEach((ratio, index) => {
    if (firstBelow !== null || ratio === null) return;
    const scaled = BigInt(ratio.replace('.', ''));
    if (scaled < thresholdTenThousandths) firstBelow = weeks.periods[index]?.start ?? null;
  });
  return {
    horizonUntil: horizon.until,
    obligationsCents,
    inflowsCents,
    coverage: whole.coverage[0] ?? null,
    firstBelowPeriod: firstBelow,
    weeks,
  };
}
