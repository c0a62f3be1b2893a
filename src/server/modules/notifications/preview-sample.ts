/**
 * The values the template preview and test sends render with: the demo investor's in demo
 * mode, otherwise the signed-in admin's own name and e-mail (no investor's data is borrowed).
 */
import { sql } from 'drizzle-orm';
import type { TemplateValues } from '../../../shared/notifications/template-variables';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import { demoAccounts } from '../demo/seed-demo-data';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { investorBalance } from './audience';
import { recipientValues } from './marketing-message';
import { TEST_SUBJECT, unsubscribeUrl } from './unsubscribe-token';
import type { NotificationChannel } from '../../../shared/notifications/contracts';

export interface PreviewSample {
  values: TemplateValues;
  source: 'demo_investor' | 'admin';
}

interface InvestorFacts {
  first_name: string | null;
  last_name: string | null;
  email: string;
  created_at: Date | string;
  total_balance: string;
}

async function findDemoInvestor(context: AppContext): Promise<InvestorFacts | null> {
  const result = await context.db.execute(sql`
    select i.first_name, i.last_name, i.email, i.created_at,
           ${investorBalance} as total_balance
    from investors i where lower(i.email) = ${demoAccounts.investor.email}`);
  return rowsOf<InvestorFacts>(result)[0] ?? null;
}

export async function previewSample(
  context: AppContext,
  admin: AdminPrincipal,
  channel: NotificationChannel = 'email',
): Promise<PreviewSample> {
  const link = unsubscribeUrl(context.config, { subject: TEST_SUBJECT, channel });
  const demo = context.config.isDemoMode ? await findDemoInvestor(context) : null;
  if (demo) {
    return {
      source: 'demo_investor',
      values: recipientValues(
        context.config,
        {
          firstName: demo.first_name,
          lastName: demo.last_name,
          email: demo.email,
          createdAt: new Date(demo.created_at),
          totalBalance: demo.total_balance,
        },
        link,
      ),
    };
  }
  return {
    source: 'admin',
    values: recipientValues(
      context.config,
      {
        firstName: admin.firstName,
        lastName: admin.lastName,
        email: admin.email,
        createdAt: context.clock.now(),
        totalBalance: '0.00',
      },
      link,
    ),
  };
}
