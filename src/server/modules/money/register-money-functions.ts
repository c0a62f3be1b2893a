import type { AppContext } from '../../context';
import type { JobFunctionResult } from '../../functions/job-functions';
import { noticeSenderOf } from '../notifications/notice-sender';
import { calculateDailyInterest } from './calculate-daily-interest';
import { type MoneyEngineContext, moneyEngineFromContext } from './engine-context';
import { processMaturities } from './process-maturities';
import { payEarlyRedemptions } from './pay-early-redemptions';
import { processWithdrawals } from './process-withdrawals';
import { reconcileAchPayments } from './reconcile-ach-payments';
import { settleAchPayments } from './settle-ach-payments';
import { syncAchEvents } from './sync-ach-events';

type MoneyFunction = (engine: MoneyEngineContext, executionDate: string) => Promise<JobFunctionResult>;

const moneyFunctions: { name: string; description: string; run: MoneyFunction }[] = [
  {
    name: 'calculate-daily-interest',
    description: 'Accrues interest for every day not yet accrued and posts each ended month.',
    run: calculateDailyInterest,
  },
  {
    name: 'process-maturities',
    description: 'Posts the last stub of High-Yield notes reaching maturity and marks them matured.',
    run: processMaturities,
  },
  {
    name: 'settle-ach-payments',
    description:
      'Settles pending funding debits, interest credits and withdrawal credits (on Plaid Transfer: sends them).',
    run: settleAchPayments,
  },
  {
    name: 'sync-ach-events',
    description:
      "Reads the ACH rail's transfer events since the last one seen and moves each payment's state.",
    run: async (engine, executionDate) => {
      const ach = engine.ach;
      if (ach.name !== 'plaid') return { recordsProcessed: 0, metadata: { rail: ach.name } };
      return syncAchEvents({ ...engine, ach }, executionDate);
    },
  },
  {
    name: 'reconcile-ach-payments',
    description: "Compares the ledger's ACH payments with the rail's events and records every difference.",
    run: reconcileAchPayments,
  },
  {
    name: 'process-withdrawals',
    description: 'Pays pending withdrawals due by the execution date, oldest notes first.',
    run: processWithdrawals,
  },
  {
    name: 'pay-early-redemptions',
    description:
      'Pays approved early redemptions due by the execution date: the amount less the penalty to the bank, the penalty as its own entry.',
    run: payEarlyRedemptions,
  },
];

/** The money engine's named server functions (PRODUCT.md 30), callable by the scheduler and admins. */
export function registerMoneyFunctions(context: AppContext): void {
  const engine = moneyEngineFromContext(context);
  for (const definition of moneyFunctions) {
    context.jobFunctions.register({
      name: definition.name,
      description: definition.description,
      run: async (_context, input) => {
        const result = await definition.run(engine, input.executionDate);
        // The notices the job queued go out now; one that fails is retried by the sender's timer.
        await noticeSenderOf(context)
          .drain()
          .catch((error: unknown) => context.log.error({ err: error }, 'sending investor notices failed'));
        return result;
      },
    });
  }
}
