import type { AppContext } from '../../context';
import { notifyInvestor } from '../notifications/transactional';
import {
  type AccountVerificationDetails,
  accountVerificationMessage,
} from '../notifications/transactional-templates';

/**
 * Tells the investor an identity or a bank account was verified (PRODUCT.md 29), on the
 * channels their preferences allow. The change is committed before this runs, so a failed
 * message is logged, never thrown.
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
}
