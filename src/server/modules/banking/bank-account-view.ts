import type { BankAccountType } from '../../../shared/banking/bank-account-numbers';
import type { BankAccountView, BankVerificationStatus } from '../../../shared/banking/contracts';
import { MICRO_DEPOSIT_MAX_ATTEMPTS } from '../../../shared/banking/micro-deposits';
import type { BankAccountRow } from './repository';

/**
 * What the investor sees of an account: never the account number, the routing number or a
 * provider token. Outside production a sandbox account awaiting micro-deposits also shows the
 * sandbox bank's "statement" of the two deposits, standing in for the real bank statement.
 */
export function toBankAccountView(row: BankAccountRow, options: { isProduction: boolean }): BankAccountView {
  const status = row.verificationStatus as BankVerificationStatus;
  const isAwaitingDeposits = status === 'micro_deposits_pending';
  const showStatement =
    !options.isProduction &&
    isAwaitingDeposits &&
    row.provider === 'sandbox' &&
    row.microDeposit1 !== null &&
    row.microDeposit2 !== null;
  return {
    id: row.id,
    institution_name: row.institutionName,
    institution_logo: row.institutionLogo,
    account_type: row.accountType as BankAccountType,
    account_name: row.accountName,
    account_last_four: row.accountLastFour,
    is_primary: row.isPrimary,
    verification_status: status,
    linked_at: row.linkedAt.toISOString(),
    verified_at: row.verifiedAt?.toISOString() ?? null,
    replaces_bank_account_id: row.replacesBankAccountId,
    micro_deposit_attempts_left: isAwaitingDeposits
      ? Math.max(0, MICRO_DEPOSIT_MAX_ATTEMPTS - row.microDepositFailedAttempts)
      : null,
    sandbox_statement: showStatement ? [row.microDeposit1!, row.microDeposit2!] : null,
  };
}
