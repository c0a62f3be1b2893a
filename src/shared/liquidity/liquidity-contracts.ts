/**
 * The liquidity contracts (issue 27 sections 1 and 2, PRODUCT.md 45): the obligations forecast
 * staff read on /admin/liquidity, the cash positions they record, the daily coverage checks, the
 * settings, and the public coverage page with its published digest and each holder's proof.
 */
import { z } from 'zod';
import { calendarDate } from '../dates/date-schemas';
import { moneyString } from '../products/contracts';

export const FORECAST_MONTHS = 24;
export const FORECAST_WEEKS = 13;
/** The daily check looks this many days ahead (issue 27). */
export const COVERAGE_CHECK_DAYS = 90;
/** The public page shows obligations for this many months. */
export const TRANSPARENCY_MONTHS = 12;
export const CASH_CSV_MAX_ROWS = 200;
export const CASH_CSV_MAX_BYTES = 50_000;

/** How a line counts: owed out, an offset that lowers what is owed (rollovers), or money coming in. */
export const forecastLineKinds = ['obligation', 'offset', 'inflow'] as const;
export type ForecastLineKind = (typeof forecastLineKinds)[number];

export const forecastPeriod = z.object({
  /** First day of the period. */
  start: z.string(),
  /** Last day of the period (inclusive). */
  end: z.string(),
  label: z.string(),
});
export type ForecastPeriod = z.infer<typeof forecastPeriod>;

export const forecastLine = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(forecastLineKinds),
  description: z.string(),
  /** One amount per period, in the periods' order. */
  amounts: z.array(moneyString),
  total: moneyString,
});
export type ForecastLine = z.infer<typeof forecastLine>;

export const forecastTable = z.object({
  periods: z.array(forecastPeriod),
  lines: z.array(forecastLine),
  /** Obligations less offsets, per period. */
  obligations: z.array(moneyString),
  inflows: z.array(moneyString),
  /** Cash plus inflows to the period's end less obligations to its end. */
  cash_after: z.array(moneyString),
  /** (cash + inflows to the period's end) / (obligations to its end), 4 places; null while nothing is owed. */
  coverage: z.array(z.string().nullable()),
  /** The first period whose cumulative coverage is below 1, or null. */
  first_short_period: z.string().nullable(),
});
export type ForecastTable = z.infer<typeof forecastTable>;

export const accountKinds = ['operating', 'reserve'] as const;
export type AccountKind = (typeof accountKinds)[number];
export const accountKindLabels: Record<AccountKind, string> = { operating: 'Operating', reserve: 'Reserve' };

export const cashPositionStatuses = ['pending', 'recorded', 'rejected'] as const;
export type CashPositionStatus = (typeof cashPositionStatuses)[number];

export const cashPosition = z.object({
  id: z.uuid(),
  account_name: z.string(),
  account_kind: z.enum(accountKinds),
  balance: moneyString,
  as_of: z.string(),
  status: z.enum(cashPositionStatuses),
  source: z.enum(['manual', 'csv']),
  recorded_by: z.object({ id: z.uuid(), name: z.string() }),
  recorded_at: z.string(),
  decided_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
});
export type CashPosition = z.infer<typeof cashPosition>;

export const liquidityMessages = {
  accountName: 'Name the account in 1 to 80 characters.',
  balance: 'Enter the balance as an amount with two places, from 0.00 to 9,999,999,999,999.99.',
  positionNotFound: 'That cash position does not exist.',
  notPending: 'That cash position has already been decided.',
  ownPosition: 'Another admin must approve a balance you recorded.',
  futureDate: 'The balance date cannot be after today.',
  csvEmpty: 'The file has no balances. Use the columns account_name, account_kind, balance, as_of.',
  csvTooLarge: `Import at most ${CASH_CSV_MAX_ROWS} balances in one file of at most ${CASH_CSV_MAX_BYTES / 1000} kB.`,
  checkNotFound: 'That coverage check does not exist.',
  notBelow: 'That check found coverage above the threshold: there is nothing to acknowledge.',
  alreadyAcknowledged: 'That alert has already been acknowledged.',
  rolloverRate: 'Enter the share that rolls over as a fraction from 0 to 1, for example 0.6.',
  transparencyOff: 'The coverage page is not published.',
  noSnapshot: 'The coverage page has no figures yet: they are written by the daily liquidity check.',
  reason: 'Give a reason of 1 to 500 characters.',
} as const;

const balanceString = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, liquidityMessages.balance);

export const recordCashPositionRequest = z.object({
  account_name: z
    .string()
    .trim()
    .min(1, liquidityMessages.accountName)
    .max(80, liquidityMessages.accountName),
  account_kind: z.enum(accountKinds),
  balance: balanceString,
  as_of: calendarDate(),
});
export type RecordCashPositionRequest = z.infer<typeof recordCashPositionRequest>;

export const importCashPositionsRequest = z.object({
  csv: z.string().min(1, liquidityMessages.csvEmpty).max(CASH_CSV_MAX_BYTES, liquidityMessages.csvTooLarge),
});

export const cashPositionIdParams = z.object({ id: z.uuid() });
export const decisionReasonRequest = z.object({
  reason: z.string().trim().min(1, liquidityMessages.reason).max(500, liquidityMessages.reason),
});
export const optionalNoteRequest = z.object({
  note: z.string().trim().max(500, liquidityMessages.reason).optional(),
});

export const cashPositionResponse = z.object({ position: cashPosition });
export const cashPositionsImportResponse = z.object({ positions: z.array(cashPosition) });

export const liquiditySettings = z.object({
  /** The share of maturing High-Yield value expected to roll over when the holder has not chosen, 0-1. */
  rollover_rate: z
    .string()
    .trim()
    .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, liquidityMessages.rolloverRate),
  transparency_enabled: z.boolean(),
});
export type LiquiditySettings = z.infer<typeof liquiditySettings>;

export const coverageCheck = z.object({
  id: z.uuid(),
  checked_on: z.string(),
  horizon_until: z.string(),
  threshold: z.string(),
  cash: moneyString,
  inflows: moneyString,
  obligations: moneyString,
  coverage: z.string().nullable(),
  is_below: z.boolean(),
  first_below_period: z.string().nullable(),
  staff_emailed: z.number().int(),
  acknowledged_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledgement_note: z.string().nullable(),
  created_at: z.string(),
});
export type CoverageCheck = z.infer<typeof coverageCheck>;

export const accountBalance = z.object({
  account_name: z.string(),
  account_kind: z.enum(accountKinds),
  balance: moneyString,
  as_of: z.string(),
});

export const liquidityOverviewResponse = z.object({
  as_of: z.string(),
  settings: liquiditySettings,
  threshold: z.string(),
  four_eyes_above: moneyString,
  cash: z.object({
    total: moneyString,
    accounts: z.array(accountBalance),
    oldest_as_of: z.string().nullable(),
  }),
  months: forecastTable,
  weeks: forecastTable,
  positions: z.array(cashPosition),
  checks: z.array(coverageCheck),
});
export type LiquidityOverviewResponse = z.infer<typeof liquidityOverviewResponse>;

export const forecastCsvQuery = z.object({ view: z.enum(['months', 'weeks']).default('months') });

/** The open alert every admin page shows until acknowledged. */
export const liquidityAlertResponse = z.object({ alert: coverageCheck.nullable() });

export const coverageCheckResponse = z.object({ check: coverageCheck });

// ------------------------------------------------------------------ the public page

export const publicTransparencyResponse = z.object({
  taken_on: z.string(),
  generated_at: z.string(),
  outstanding_by_plan: z.array(
    z.object({ plan: z.string(), label: z.string(), notes: z.number().int(), principal: moneyString }),
  ),
  total_outstanding: moneyString,
  obligations_by_month: z.array(z.object({ month: z.string(), label: z.string(), amount: moneyString })),
  cash: z.object({ total: moneyString, as_of: z.string().nullable() }),
  coverage: z.object({
    ratio: z.string().nullable(),
    horizon_days: z.number().int(),
    first_short_month: z.string().nullable(),
  }),
  digest: z.object({
    root_hash: z.string(),
    total_cents: z.string(),
    leaf_count: z.number().int(),
    note_count: z.number().int(),
  }),
});
export type PublicTransparencyResponse = z.infer<typeof publicTransparencyResponse>;

export const proofStep = z.object({ side: z.enum(['left', 'right']), hash: z.string(), cents: z.string() });
export const leafProof = z.object({
  investment_id: z.uuid(),
  part: z.number().int(),
  position: z.number().int(),
  cents: z.string(),
  salt: z.string(),
  path: z.array(proofStep),
});
export const noteProof = z.object({
  investment_id: z.uuid(),
  amount: moneyString,
  leaves: z.array(leafProof),
});

export const coverageProofResponse = z.object({
  published: z.boolean(),
  taken_on: z.string().nullable(),
  digest: z.object({ root_hash: z.string(), total_cents: z.string() }).nullable(),
  notes: z.array(noteProof),
});
export type CoverageProofResponse = z.infer<typeof coverageProofResponse>;
