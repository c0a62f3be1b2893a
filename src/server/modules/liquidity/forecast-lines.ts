/**
 * The forecast's lines, in the order the table shows them (decision 1940). Adding a line (an
 * approved early redemption, backup withholding to deposit) is one module implementing
 * `ForecastLineSource` and one entry here.
 */
import type { ForecastLineSource } from './forecast-line-source';
import { amountsOwedLine } from './lines/amounts-owed';
import { approvedRedemptionsLine } from './lines/approved-redemptions';
import { backupWithholdingDepositsLine } from './lines/backup-withholding-deposits';
import { expectedRolloversLine } from './lines/expected-rollovers';
import { fundingInflowsLine } from './lines/funding-inflows';
import { highYieldMaturitiesLine } from './lines/high-yield-maturities';
import { requestedWithdrawalsLine } from './lines/requested-withdrawals';
import { standardInterestLine } from './lines/standard-interest';

export const forecastLineSources: readonly ForecastLineSource[] = [
  standardInterestLine,
  highYieldMaturitiesLine,
  expectedRolloversLine,
  requestedWithdrawalsLine,
  amountsOwedLine,
  approvedRedemptionsLine,
  backupWithholdingDepositsLine,
  fundingInflowsLine,
];
