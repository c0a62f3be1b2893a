/**
 * The liquidity page's rules (issue 27 section 1, decisions 1940-1942): the forecast with cash
 * and coverage, cash positions recorded by staff (a balance above LIQUIDITY_CASH_FOUR_EYES_ABOVE
 * counts only once a different admin approves it; the database refuses the recorder as
 * decider), CSV import, the settings, and acknowledging a coverage alert. Every change is audited.
 */
import { stringify } from 'csv-stringify/sync';
import { AppError } from '../../../shared/errors/app-error';
import {
  type CashPosition,
  CASH_CSV_MAX_ROWS,
  type CoverageCheck,
  accountKinds,
  type AccountKind,
  type ForecastTable,
  type LiquidityOverviewResponse,
  type LiquiditySettings,
  liquidityMessages,
  type RecordCashPositionRequest,
  recordCashPositionRequest,
} from '../../../shared/liquidity/liquidity-contracts';
import { centsToMoney, parseMoneyToCents, toMoneyString } from '../../../shared/money/decimal-string';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { ForecastAssumptions } from './forecast-line-source';
import { collectLines, forecastTable, forecastWindow, monthBuckets, weekBuckets } from './forecast';
import {
  acknowledgeAlerts,
  type CashPositionRow,
  type CoverageCheckRow,
  insertCashPosition,
  lockCashPosition,
  markCashPositionDecided,
  selectCashPositions,
  selectCoverageCheck,
  selectCoverageChecks,
  selectLatestBalances,
  selectLiquiditySettings,
  selectOpenAlert,
  upsertLiquiditySettings,
} from './repository';

export function toCashPosition(row: CashPositionRow): CashPosition {
  return {
    id: row.id,
    account_name: row.account_name,
    account_kind: row.account_kind,
    balance: toMoneyString(row.balance),
    as_of: row.as_of,
    status: row.status,
    source: row.source,
    recorded_by: { id: row.recorded_by, name: row.recorder_name },
    recorded_at: row.recorded_at,
    decided_by: row.decided_by ? { id: row.decided_by, name: row.decider_name ?? '' } : null,
    decided_at: row.decided_at,
    decision_reason: row.decision_reason,
  };
}

export function toCoverageCheck(row: CoverageCheckRow): CoverageCheck {
  return {
    id: row.id,
    checked_on: row.checked_on,
    horizon_until: row.horizon_until,
    threshold: ratioText(row.threshold),
    cash: toMoneyString(row.cash),
    inflows: toMoneyString(row.inflows),
    obligations: toMoneyString(row.obligations),
    coverage: row.coverage,
    is_below: row.is_below,
    first_below_period: row.first_below_period,
    staff_emailed: row.staff_emailed,
    acknowledged_by: row.acknowledged_by
      ? { id: row.acknowledged_by, name: row.acknowledger_name ?? '' }
      : null,
    acknowledged_at: row.acknowledged_at,
    acknowledgement_note: row.acknowledgement_note,
    created_at: row.created_at,
  };
}

/** "1.1000" -> "1.10": at least two places, no trailing zeros past them. */
export function ratioText(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

export function assumptionsOf(settings: LiquiditySettings): ForecastAssumptions {
  const [whole = '0', fraction = ''] = settings.rollover_rate.split('.');
  return { rolloverRateTenThousandths: BigInt(whole) * 10_000n + BigInt((fraction + '0000').slice(0, 4)) };
}

/** "1.10" -> 11000n. */
export function thresholdTenThousandths(threshold: string): bigint {
  const [whole = '0', fraction = ''] = threshold.split('.');
  return BigInt(whole) * 10_000n + BigInt((fraction + '0000').slice(0, 4));
}

export interface CashSummary {
  totalCents: bigint;
  accounts: { account_name: string; account_kind: AccountKind; balance: string; as_of: string }[];
  oldestAsOf: string | null;
}

export async function cashSummary(db: Executor): Promise<CashSummary> {
  const accounts = (await selectLatestBalances(db)).map((row) => ({
    ...row,
    balance: toMoneyString(row.balance),
  }));
  return {
    totalCents: accounts.reduce((sum, account) => sum + (parseMoneyToCents(account.balance) ?? 0n), 0n),
    accounts,
    oldestAsOf: accounts.reduce<string | null>(
      (oldest, account) => (oldest === null || account.as_of < oldest ? account.as_of : oldest),
      null,
    ),
  };
}

export async function buildForecastTables(
  context: AppContext,
): Promise<{ months: ForecastTable; weeks: ForecastTable; cash: CashSummary; settings: LiquiditySettings }> {
  const today = context.clock.today();
  const [settings, cash] = await Promise.all([selectLiquiditySettings(context.db), cashSummary(context.db)]);
  const lines = await collectLines(context.db, forecastWindow(today), assumptionsOf(settings));
  return {
    months: forecastTable(lines, monthBuckets(today), cash.totalCents),
    weeks: forecastTable(lines, weekBuckets(today), cash.totalCents),
    cash,
    settings,
  };
}

export async function liquidityOverview(context: AppContext): Promise<LiquidityOverviewResponse> {
  const [tables, positions, checks] = await Promise.all([
    buildForecastTables(context),
    selectCashPositions(context.db),
    selectCoverageChecks(context.db),
  ]);
  return {
    as_of: context.clock.today(),
    settings: tables.settings,
    threshold: context.config.LIQUIDITY_COVERAGE_THRESHOLD,
    four_eyes_above: context.config.LIQUIDITY_CASH_FOUR_EYES_ABOVE,
    cash: {
      total: centsToMoney(tables.cash.totalCents),
      accounts: tables.cash.accounts,
      oldest_as_of: tables.cash.oldestAsOf,
    },
    months: tables.months,
    weeks: tables.weeks,
    positions: positions.map(toCashPosition),
    checks: checks.map(toCoverageCheck),
  };
}

/** The table as CSV: one row per period, one column per line, then the totals and coverage. */
export function forecastCsv(table: ForecastTable): string {
  const header = [
    'period_start',
    'period_end',
    ...table.lines.map((line) => line.key),
    'obligations',
    'inflows',
    'cash_after',
    'coverage',
  ];
  const rows = table.periods.map((period, index) => [
    period.start,
    period.end,
    ...table.lines.map((line) => line.amounts[index] ?? '0.00'),
    table.obligations[index] ?? '0.00',
    table.inflows[index] ?? '0.00',
    table.cash_after[index] ?? '0.00',
    table.coverage[index] ?? '',
  ]);
  return stringify([header, ...rows]);
}

async function loadPositions(context: AppContext, ids: string[]): Promise<CashPosition[]> {
  return (await selectCashPositions(context.db, ids)).map(toCashPosition);
}

function statusFor(context: AppContext, balance: string): 'pending' | 'recorded' {
  const cents = parseMoneyToCents(balance) ?? 0n;
  const limit = parseMoneyToCents(context.config.LIQUIDITY_CASH_FOUR_EYES_ABOVE) ?? 0n;
  return cents > limit ? 'pending' : 'recorded';
}

async function recordPositions(
  context: AppContext,
  admin: AdminPrincipal,
  inputs: RecordCashPositionRequest[],
  source: 'manual' | 'csv',
): Promise<CashPosition[]> {
  const today = context.clock.today();
  for (const input of inputs) {
    if (input.as_of > today)
      throw new AppError('validation_failed', { message: liquidityMessages.futureDate });
  }
  const now = context.clock.now();
  const ids = await context.db.transaction(async (tx) => {
    const created: string[] = [];
    for (const input of inputs) {
      const balance = toMoneyString(input.balance);
      const status = statusFor(context, balance);
      const id = await insertCashPosition(tx, {
        accountName: input.account_name,
        accountKind: input.account_kind,
        balance,
        asOf: input.as_of,
        status,
        source,
        recordedBy: admin.adminUserId,
        now,
      });
      await recordAdminAudit(tx, {
        ...auditBy(admin),
        action: 'cash_position.record',
        target: { type: 'cash_position', id },
        after: {
          account_name: input.account_name,
          account_kind: input.account_kind,
          balance,
          as_of: input.as_of,
          status,
          source,
        },
        at: now,
      });
      created.push(id);
    }
    return created;
  });
  return loadPositions(context, ids);
}

export async function recordCashPosition(
  context: AppContext,
  admin: AdminPrincipal,
  input: RecordCashPositionRequest,
): Promise<CashPosition> {
  const [position] = await recordPositions(context, admin, [input], 'manual');
  return position as CashPosition;
}

/** Splits one CSV line (quoted fields allowed). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index] as string;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(current);
      current = '';
    } else current += char;
  }
  fields.push(current);
  return fields.map((field) => field.trim());
}

/** Reads `account_name,account_kind,balance,as_of` rows (header required); any bad row refuses the whole file, naming it. */
export function parseCashCsv(text: string): RecordCashPositionRequest[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const [header, ...rows] = lines;
  if (!header || rows.length === 0)
    throw new AppError('validation_failed', { message: liquidityMessages.csvEmpty });
  if (rows.length > CASH_CSV_MAX_ROWS)
    throw new AppError('validation_failed', { message: liquidityMessages.csvTooLarge });
  const columns = csvFields(header.replace(/^\uFEFF/, '')).map((name) => name.toLowerCase());
  const wanted = ['account_name', 'account_kind', 'balance', 'as_of'];
  if (!wanted.every((name) => columns.includes(name))) {
    throw new AppError('validation_failed', { message: liquidityMessages.csvEmpty });
  }
  return rows.map((line, index) => {
    const fields = csvFields(line);
    const value = (name: string) => fields[columns.indexOf(name)] ?? '';
    const parsed = recordCashPositionRequest.safeParse({
      account_name: value('account_name'),
      account_kind: value('account_kind').toLowerCase(),
      balance: value('balance').replaceAll(',', '').replace(/^\$/, ''),
      as_of: value('as_of'),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'row');
      const detail =
        field === 'account_kind'
          ? `account_kind must be one of ${accountKinds.join(', ')}`
          : (issue?.message ?? 'invalid');
      throw new AppError('validation_failed', { message: `Row ${index + 2} (${field}): ${detail}` });
    }
    return parsed.data;
  });
}

export async function importCashPositions(
  context: AppContext,
  admin: AdminPrincipal,
  csv: string,
): Promise<CashPosition[]> {
  return recordPositions(context, admin, parseCashCsv(csv), 'csv');
}

export async function decideCashPosition(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<CashPosition> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const position = await lockCashPosition(tx, id);
    if (!position) throw new AppError('not_found', { message: liquidityMessages.positionNotFound });
    if (position.status !== 'pending')
      throw new AppError('conflict', { message: liquidityMessages.notPending });
    if (position.recorded_by === admin.adminUserId)
      throw new AppError('forbidden', { message: liquidityMessages.ownPosition });
    const status = decision.approve ? 'recorded' : 'rejected';
    const reason = decision.approve ? null : decision.reason;
    await markCashPositionDecided(tx, { id, status, decidedBy: admin.adminUserId, reason, now });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: decision.approve ? 'cash_position.approve' : 'cash_position.reject',
      target: { type: 'cash_position', id },
      before: { status: 'pending', balance: position.balance, account_name: position.account_name },
      after: { status, decision_reason: reason },
      at: now,
    });
  });
  const [position] = await loadPositions(context, [id]);
  return position as CashPosition;
}

export async function updateLiquiditySettings(
  context: AppContext,
  admin: AdminPrincipal,
  settings: LiquiditySettings,
): Promise<LiquiditySettings> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const before = await selectLiquiditySettings(tx);
    await upsertLiquiditySettings(tx, settings, now);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'liquidity_settings.update',
      target: { type: 'liquidity_settings', id: null },
      before,
      after: settings,
      at: now,
    });
  });
  return selectLiquiditySettings(context.db);
}

export async function openAlert(context: AppContext): Promise<CoverageCheck | null> {
  const row = await selectOpenAlert(context.db);
  return row ? toCoverageCheck(row) : null;
}

export async function acknowledgeAlert(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  note: string | null,
): Promise<CoverageCheck> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const check = await selectCoverageCheck(tx, id);
    if (!check) throw new AppError('not_found', { message: liquidityMessages.checkNotFound });
    if (!check.is_below) throw new AppError('conflict', { message: liquidityMessages.notBelow });
    if (check.acknowledged_at !== null)
      throw new AppError('conflict', { message: liquidityMessages.alreadyAcknowledged });
    const count = await acknowledgeAlerts(tx, { upTo: id, adminUserId: admin.adminUserId, note, now });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'liquidity_alert.acknowledge',
      target: { type: 'liquidity_check', id },
      before: { acknowledged: false },
      after: { acknowledged: true, note, alerts_acknowledged: count },
      at: now,
    });
  });
  const row = await selectCoverageCheck(context.db, id);
  return toCoverageCheck(row as CoverageCheckRow);
}
