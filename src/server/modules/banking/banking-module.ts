import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { isSandboxBankConnection } from '../../providers/sandbox-bank-connection';
import { bankFunctionRoutes } from './function-routes';
import { bankingRoutes } from './routes';
import { sandboxBankLinkRoutes } from './sandbox-routes';

/** Identity (KYC), bank linking and bank accounts; the sandbox Link page's API when the sandbox is the provider. */
export async function registerBankingModule(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(bankingRoutes(context));
  await app.register(bankFunctionRoutes(context));
  const provider = context.providers.bankConnection;
  if (isSandboxBankConnection(provider)) {
    await app.register(sandboxBankLinkRoutes(context, provider));
    if (context.config.isProduction) {
      context.log.warn(
        'bank accounts are linked through the local sandbox: set PLAID_* to link real accounts',
      );
    }
  }
}
