import type { AppContext } from '../../context';
import { noticeSenderOf } from '../notifications/notice-sender';
import { generateMonthlyStatements } from './generate-monthly-statements';

export const GENERATE_MONTHLY_STATEMENTS = 'generate-monthly-statements';

/** The statement job's server function (decision 1720), run by the scheduler or an admin. */
export function registerStatementFunctions(context: AppContext): void {
  context.jobFunctions.register({
    name: GENERATE_MONTHLY_STATEMENTS,
    description:
      'Writes last month’s statement for each investor on the first business day and e-mails that it is ready.',
    run: async (_context, input) => {
      const result = await generateMonthlyStatements(
        { db: context.db, now: context.clock.now(), brandName: context.config.BRAND_NAME, notify: true },
        input.executionDate,
      );
      await noticeSenderOf(context)
        .drain()
        .catch((error: unknown) => context.log.error({ err: error }, 'sending investor notices failed'));
      return result;
    },
  });
}
