/**
 * /settings (spec 2, 3 and 5): the one settings query of the signed-in investor (the spec's
 * get_investor_settings), the name edit and the notification preferences. SMS switches need
 * a verified phone, and switching marketing SMS on records the TCPA consent (PRODUCT.md 27).
 */
import type { InvestorStatus } from '../../../shared/auth/next-screen';
import { businessDateOf } from '../../../shared/dates/business-time';
import { AppError } from '../../../shared/errors/app-error';
import type { InvestorSettings } from '../../../shared/settings/contracts';
import {
  defaultNotificationPreferences,
  hasAnySmsEnabled,
  type NotificationPreferenceFlags,
  type NotificationPreferencesView,
  preferenceMessages,
} from '../../../shared/settings/notification-preferences';
import type { updateProfileRequest } from '../../../shared/settings/profile';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { toBankAccountView } from '../banking/bank-account-view';
import { getIdentityStatus } from '../banking/identity-service';
import { findTaxRecord, listCurrentBankAccounts } from '../banking/repository';
import { toTaxInformationView } from './tax-information-service';
import {
  findInvestorAccount,
  findPendingEmailChange,
  findPreferences,
  lockPreferences,
  type PreferencesRow,
  type InvestorAccountRow,
  savePreferences as upsertPreferences,
  updateInvestorName,
} from './repository';

export function isPhoneVerified(user: InvestorAccountRow['user']): boolean {
  return Boolean(user.phoneE164 && user.phoneVerifiedAt);
}

export function preferencesView(row: PreferencesRow | undefined): NotificationPreferencesView {
  if (!row) return { ...defaultNotificationPreferences, updated_at: null, marketing_sms_consent_at: null };
  return {
    investment_purchase_email: row.investmentPurchaseEmail,
    investment_purchase_sms: row.investmentPurchaseSms,
    interest_payment_email: row.interestPaymentEmail,
    interest_payment_sms: row.interestPaymentSms,
    withdrawal_confirmation_email: row.withdrawalConfirmationEmail,
    withdrawal_confirmation_sms: row.withdrawalConfirmationSms,
    account_verification_email: row.accountVerificationEmail,
    account_verification_sms: row.accountVerificationSms,
    monthly_statement_email: row.monthlyStatementEmail,
    monthly_statement_sms: row.monthlyStatementSms,
    marketing_email: row.marketingEmail,
    marketing_sms: row.marketingSms,
    updated_at: row.updatedAt.toISOString(),
    marketing_sms_consent_at: row.marketingSmsConsentAt?.toISOString() ?? null,
  };
}

async function loadAccount(context: AppContext, investorId: string): Promise<InvestorAccountRow> {
  const account = await findInvestorAccount(context.db, investorId);
  if (!account) throw new AppError('not_found', { message: 'Unable to load settings' });
  return account;
}

export async function getInvestorSettings(
  context: AppContext,
  investorId: string,
): Promise<InvestorSettings> {
  const { investor, user } = await loadAccount(context, investorId);
  const [preferences, taxRecord, identity, bankAccounts, pendingEmail] = await Promise.all([
    findPreferences(context.db, investorId),
    findTaxRecord(context.db, investorId),
    getIdentityStatus(context, investorId),
    listCurrentBankAccounts(context.db, investorId),
    findPendingEmailChange(context.db, user.id, context.clock.now()),
  ]);
  const phoneVerified = isPhoneVerified(user);
  return {
    investor_id: investor.id,
    first_name: investor.firstName,
    last_name: investor.lastName,
    email: user.email,
    email_verified: Boolean(user.emailVerifiedAt),
    phone: phoneVerified ? user.phoneE164 : (investor.phone ?? user.phoneE164),
    phone_verified: phoneVerified,
    status: investor.status as InvestorStatus,
    member_since_year: Number(businessDateOf(investor.createdAt, context.clock.timeZone).slice(0, 4)),
    bank_accounts: bankAccounts.map((row) =>
      toBankAccountView(row, { isProduction: context.config.isProduction }),
    ),
    notification_preferences: preferencesView(preferences),
    identity,
    tax_information: toTaxInformationView(taxRecord),
    pending_email: pendingEmail,
  };
}

export async function updateProfile(
  context: AppContext,
  investorId: string,
  name: z.output<typeof updateProfileRequest>,
): Promise<{ first_name: string; last_name: string }> {
  await updateInvestorName(
    context.db,
    investorId,
    { firstName: name.first_name, lastName: name.last_name },
    context.clock.now(),
  );
  return { first_name: name.first_name, last_name: name.last_name };
}

export async function saveNotificationPreferences(
  context: AppContext,
  investorId: string,
  flags: NotificationPreferenceFlags,
): Promise<NotificationPreferencesView> {
  const { user } = await loadAccount(context, investorId);
  if (hasAnySmsEnabled(flags) && !isPhoneVerified(user)) {
    throw new AppError('validation_failed', {
      status: 422,
      message: preferenceMessages.smsNeedsVerifiedPhone,
    });
  }
  const now = context.clock.now();
  const saved = await context.db.transaction(async (tx) => {
    const existing = await lockPreferences(tx, investorId);
    const consentAt = flags.marketing_sms
      ? existing?.marketingSms
        ? existing.marketingSmsConsentAt
        : now
      : null;
    return upsertPreferences(tx, {
      investorId,
      investmentPurchaseEmail: flags.investment_purchase_email,
      investmentPurchaseSms: flags.investment_purchase_sms,
      interestPaymentEmail: flags.interest_payment_email,
      interestPaymentSms: flags.interest_payment_sms,
      withdrawalConfirmationEmail: flags.withdrawal_confirmation_email,
      withdrawalConfirmationSms: flags.withdrawal_confirmation_sms,
      accountVerificationEmail: flags.account_verification_email,
      accountVerificationSms: flags.account_verification_sms,
      monthlyStatementEmail: flags.monthly_statement_email,
      monthlyStatementSms: flags.monthly_statement_sms,
      marketingEmail: flags.marketing_email,
      marketingSms: flags.marketing_sms,
      marketingSmsConsentAt: consentAt,
      updatedAt: now,
    });
  });
  context.log.info({ investorId, marketingSms: flags.marketing_sms }, 'notification preferences saved');
  return preferencesView(saved);
}
