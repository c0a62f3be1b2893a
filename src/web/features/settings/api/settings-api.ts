/** The calls of /settings: the one settings query and everything it changes. */
import type { StepUpStartResponse } from '../../../../shared/auth/contracts';
import type { BankAccountResponse } from '../../../../shared/banking/contracts';
import type {
  EmailChangeConfirmResponse,
  EmailChangeStartResponse,
  PhoneChangeStartResponse,
  PhoneChangeVerifyResponse,
  ProfileResponse,
} from '../../../../shared/settings/contracts';
import type {
  TaxInformationFormInput,
  TaxInformationResponse,
} from '../../../../shared/settings/tax-information';
import type {
  NotificationPreferenceFlags,
  NotificationPreferencesView,
} from '../../../../shared/settings/notification-preferences';
import type {
  BackupWithholdingStatus,
  W9CertificationResponse,
  W9CertificationSubmission,
} from '../../../../shared/tax/w9-certification';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { PasskeyListResponse, PasskeyView } from '../../../../shared/auth/passkey-contracts';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type {
  InvestorProfileInput,
  InvestorProfileResponse,
} from '../../../../shared/offerings/investor-profile-contracts';

// The page's first read lives in its own small module: the portal shell reads it before the
// page's first render (decision 1974) without carrying the rest of these calls.
export { fetchSettings, settingsKeys } from './settings-query';

export function updateProfile(name: { first_name: string; last_name: string }): Promise<ProfileResponse> {
  return apiRequest<ProfileResponse>('/api/settings/profile', { method: 'PATCH', body: name });
}

export function saveNotificationPreferences(
  flags: NotificationPreferenceFlags,
): Promise<NotificationPreferencesView> {
  return apiRequest<NotificationPreferencesView>('/api/settings/notification-preferences', {
    method: 'PUT',
    body: flags,
  });
}

/** The body of a {ok, error, bank_account} answer, also on 4xx (a wrong amount is an answer, not a crash). */
async function bankAccountCall(path: string, body?: unknown): Promise<BankAccountResponse> {
  try {
    return await apiRequest<BankAccountResponse>(path, { method: 'POST', body: body ?? {} });
  } catch (error) {
    if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'ok' in error.body) {
      return error.body as BankAccountResponse;
    }
    throw error;
  }
}

export function verifyMicroDeposits(bankAccountId: string, amounts: { amount_1: string; amount_2: string }) {
  return bankAccountCall(`/api/banking/accounts/${bankAccountId}/micro-deposits`, amounts);
}

export function refreshBankVerification(bankAccountId: string) {
  return bankAccountCall(`/api/banking/accounts/${bankAccountId}/refresh`);
}

export function removeBankAccount(bankAccountId: string): Promise<{ ok: boolean }> {
  return apiRequest<{ ok: boolean }>(`/api/banking/accounts/${bankAccountId}`, { method: 'DELETE' });
}

/** A step-up code; the server offers again one still valid unless `resend` asks for a new one. */
export function startStepUp(options: { resend?: boolean } = {}): Promise<StepUpStartResponse> {
  return apiRequest<StepUpStartResponse>('/api/auth/step-up/start', {
    method: 'POST',
    body: options.resend ? { resend: true } : {},
  });
}

export function verifyStepUp(
  code: string,
): Promise<{ ok: boolean; approved: boolean; error: string | null }> {
  return apiRequest('/api/auth/step-up/verify', { method: 'POST', body: { code } });
}

export function startEmailChange(email: string): Promise<EmailChangeStartResponse> {
  return apiRequest<EmailChangeStartResponse>('/api/settings/email-change/start', {
    method: 'POST',
    body: { email },
  });
}

export function confirmEmailChange(token: string): Promise<EmailChangeConfirmResponse> {
  return apiRequest<EmailChangeConfirmResponse>('/api/settings/email-change/confirm', {
    method: 'POST',
    body: { token },
  });
}

export function startPhoneChange(phone: string): Promise<PhoneChangeStartResponse> {
  return apiRequest<PhoneChangeStartResponse>('/api/settings/phone-change/start', {
    method: 'POST',
    body: { phone },
  });
}

export function verifyPhoneChange(phone: string, code: string): Promise<PhoneChangeVerifyResponse> {
  return apiRequest<PhoneChangeVerifyResponse>('/api/settings/phone-change/verify', {
    method: 'POST',
    body: { phone, code },
  });
}

/** Adds or changes the tax record; the TIN typed goes in, only its last four come back. */
export function saveTaxInformation(
  form: TaxInformationFormInput & { certification?: W9CertificationSubmission },
): Promise<TaxInformationResponse> {
  return apiRequest<TaxInformationResponse>('/api/settings/tax-information', { method: 'PUT', body: form });
}

export const w9Keys = { status: ['settings', 'w9-certification'] as const };

/** The investor's Form W-9 certification and whether interest is withheld from (decision 1910). */
export function fetchW9Status(): Promise<BackupWithholdingStatus> {
  return apiRequest<BackupWithholdingStatus>('/api/settings/w9-certification');
}

/** Certifies the TIN on file under penalties of perjury. */
export function certifyW9(body: W9CertificationSubmission): Promise<W9CertificationResponse> {
  return apiRequest<W9CertificationResponse>('/api/settings/w9-certification', { method: 'POST', body });
}

export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'step_up_required';
}

export const passkeyKeys = { list: ['settings', 'passkeys'] as const };

export function fetchPasskeys(): Promise<PasskeyListResponse> {
  return apiRequest<PasskeyListResponse>('/api/settings/passkeys');
}

/** Registration options; answers step_up_required without a fresh SMS code. */
export function fetchPasskeyRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return apiRequest<PublicKeyCredentialCreationOptionsJSON>('/api/settings/passkeys/options', {
    method: 'POST',
    body: {},
  });
}

export function addPasskey(body: { name: string; response: RegistrationResponseJSON }): Promise<PasskeyView> {
  return apiRequest<PasskeyView>('/api/settings/passkeys', { method: 'POST', body });
}

export function deletePasskey(passkeyId: string): Promise<{ ok: boolean }> {
  return apiRequest<{ ok: boolean }>(`/api/settings/passkeys/${passkeyId}`, { method: 'DELETE' });
}

export const investorProfileKeys = { profile: ['investor-profile'] as const };

export function fetchInvestorProfile(): Promise<InvestorProfileResponse> {
  return apiRequest<InvestorProfileResponse>('/api/settings/investor-profile');
}

export function saveInvestorProfile(input: InvestorProfileInput): Promise<InvestorProfileResponse> {
  return apiRequest<InvestorProfileResponse>('/api/settings/investor-profile', {
    method: 'PUT',
    body: input,
  });
}

export function uploadAccreditationEvidence(file: File): Promise<InvestorProfileResponse> {
  return apiRequest<InvestorProfileResponse>(
    `/api/settings/investor-profile/evidence?file_name=${encodeURIComponent(file.name)}`,
    { method: 'POST', file },
  );
}
