/**
 * The obligations forecast is a list of line sources (decision 1940): each one reads one kind
 * of money owed or coming in, exactly, as dated amounts in cents; the forecast buckets them into
 * months and weeks and adds them up. A later line (an approved early redemption, backup
 * withholding to deposit) is one more module implementing `ForecastLineSource`, added to
 * `forecastLineSources` in forecast-lines.ts; nothing else changes.
 */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { ForecastLineKind } from '../../../shared/liquidity/liquidity-contracts';
import type { Executor } from '../../db/client';

export interface ForecastWindow {
  /** The business date the forecast is made on: amounts already due are dated today. */
  today: IsoDate;
  /** The first day after the forecast (exclusive). */
  until: IsoDate;
}

/** What the staff settings feed into the lines. */
export interface ForecastAssumptions {
  /** Share of a maturing High-Yield note's value expected to roll over when the holder has not chosen, in ten-thousandths. */
  rolloverRateTenThousandths: bigint;
}

/** Cents due on a date. Several entries may share a date; they are added. */
export interface DatedAmount {
  date: IsoDate;
  cents: bigint;
}

export interface ForecastLineSource {
  /** Stable key (CSV column, tests): snake_case. */
  key: string;
  label: string;
  kind: ForecastLineKind;
  /** How the figure is found, for staff and the public page. */
  description: string;
  collect(db: Executor, window: ForecastWindow, assumptions: ForecastAssumptions): Promise<DatedAmount[]>;
}

/** Rows of `{ day, cents }` from SQL (cents as text) into dated amounts, past days moved to today. */
export function datedAmounts(
  rows: readonly { day: string; cents: string | number | bigint }[],
  today: IsoDate,
): DatedAmount[] {
  return rows
    .map((row) => ({ date: row.day < today ? today : row.day, cents: BigInt(row.cents) }))
    .filter((row) => row.cents !== 0n);
}
