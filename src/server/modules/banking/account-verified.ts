import type { AppContext } from '../../context';
import { repayOwedCreditsAfterNewAccount } from '../ach-rail/owed-credits';
import { notifyInvestor } from '../notifications/transactional';
import {
  type AccountVerificationDetails,
  accountVerificationMessage,
} from '../notifications/transactional-templates';

/**
 * Tells the investor an identity or a bank account was verified (PRODUCT.md 29), on the
 * channels their preferences allow, and pays again into a newly verified account what is
 * owed to them. The change is committed before this runs, so a failure is logged, never thrown.
 */
export async function announceVerification(
  context: AppContext,
  investorId: string,
  details: AccountVerificationDetails,
): Promise<void> {
  try {
    await notifyInvestor(context, {
      investorId,
      ...accountVerificationMessage(context.config.BRAND_NAME, details),
    });
  } catch (error) {
    context.log.error({ err: error, investorId }, 'account verification notice failed');
  }
  // A working account is what an amount owed to the investor waited for (PRODUCT.md 36).
  if (details.verified === 'bank_account') {
    await repayOwedCreditsAfterNewAccount(context, investorId).catch((error: unknown) =>
      context.log.error({ err: error, investorId }, 'paying owed credits again failed'),
    );
  }
}
