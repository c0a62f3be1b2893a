import { adminAccountSecurityRoutes } from './admin-auth/account-security-routes';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { adminAuditRoutes } from './admin-audit/routes';
import { achRailRoutes } from './ach-rail/routes';
import { adminAuthRoutes } from './admin-auth/routes';
import { adminStaffRoutes } from './admin-staff/routes';
import { adminAdjustmentRoutes } from './admin-adjustments/routes';
import { adminDashboardRoutes } from './admin-dashboard/routes';
import { adminInvestorRoutes } from './admin-investors/routes';
import { adminPaymentRoutes } from './admin-payments/routes';
import { adminProductRoutes } from './admin-products/routes';
import { hotspotEditingRoutes } from './hotspot-editing/routes';
import { registerAuthModule } from './auth/auth-module';
import { registerBankingModule } from './banking/banking-module';
import { registerBackupsModule } from './backups/backups-module';
import { registerLiquidityModule } from './liquidity/liquidity-module';
import { registerScheduler } from '../jobs/register-scheduler';
import { jobRunRoutes } from './job-runs/routes';
import { jobRoutes } from './jobs/routes';
import { registerMoneyFunctions } from './money/register-money-functions';
import { registerNotificationsModule } from './notifications/notifications-module';
import { noteRoutes } from './notes/routes';
import { earlyRedemptionRoutes } from './redemptions/routes';
import { portalRoutes } from './portal/routes';
import { offeringRoutes } from './offerings/routes';
import { purchaseRoutes } from './purchases/routes';
import { transferRoutes } from './transfers/routes';
import type { ProductCatalogue } from './products/catalogue';
import { passkeyRoutes } from './passkeys/routes';
import { settingsRoutes } from './settings/routes';
import { taxRunRoutes } from './tax-runs/routes';
import { backupWithholdingRoutes } from './backup-withholding/routes';
import { consentRoutes } from './consents/routes';
import { paperMailRoutes } from './paper-mail/routes';
import { registerStatementFunctions } from './statements/register-statement-functions';

export interface FeatureDependencies {
  catalogue: ProductCatalogue;
}

/**
 * The one place feature modules (auth, admin, portal, money, jobs, notifications) are
 * plugged into the app. Each issue adds its line here.
 */
export async function registerFeatureModules(
  app: FastifyInstance,
  context: AppContext,
  dependencies: FeatureDependencies,
): Promise<void> {
  await app.register(adminAuthRoutes(context));
  await app.register(adminAuditRoutes(context));
  await app.register(adminStaffRoutes(context));
  await app.register(adminAccountSecurityRoutes(context));
  await app.register(adminProductRoutes(context, dependencies.catalogue));
  await app.register(adminDashboardRoutes(context));
  await app.register(adminInvestorRoutes(context));
  await app.register(adminAdjustmentRoutes(context));
  await app.register(adminPaymentRoutes(context));
  await app.register(taxRunRoutes(context));
  await app.register(backupWithholdingRoutes(context));
  await app.register(paperMailRoutes(context));
  await app.register(consentRoutes(context));
  await app.register(hotspotEditingRoutes(context));
  await registerAuthModule(app, context);
  await registerBankingModule(app, context);
  await app.register(settingsRoutes(context));
  await app.register(passkeyRoutes(context));
  registerMoneyFunctions(context);
  registerStatementFunctions(context);
  registerBackupsModule(app, context);
  await registerLiquidityModule(app, context);
  await registerNotificationsModule(app, context);
  await app.register(portalRoutes(context));
  await app.register(noteRoutes(context));
  await app.register(earlyRedemptionRoutes(context));
  await app.register(purchaseRoutes(context));
  await app.register(offeringRoutes(context));
  await app.register(transferRoutes(context));
  await app.register(achRailRoutes(context));
  await app.register(jobRoutes(context));
  // Keep last: it adds one route per job function registered by the modules above.
  await app.register(jobRunRoutes(context));
  registerScheduler(app, context);
}
