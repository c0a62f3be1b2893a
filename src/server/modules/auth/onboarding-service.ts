/**
 * The investor record and the onboarding steps (PRODUCT.md 1, 4 and 5): created when the
 * e-mail is first verified, then phone, then password.
 */
import { randomInt } from 'node:crypto';
import { businessDateOf } from '../../../shared/dates/business-time';
import { type AccountState, type InvestorStatus, nextScreen } from '../../../shared/auth/next-screen';
import type { SessionInvestor } from '../../../shared/auth/contracts';
import { maskPhone } from '../../../shared/auth/phone';
import { referralCode as referralCodeShape } from '../../../shared/auth/contracts';
import type { Executor } from '../../db/client';
import {
  findInvestorByReferralCode,
  findInvestorByUserId,
  findOnboarding,
  hasApprovedIdentity,
  hasVerifiedBankAccount,
  insertInvestorWithDefaults,
  insertReferral,
  type InvestorRow,
  isReferralCodeTaken,
  markOnboardingEmailVerified,
  type UserRow,
} from './repository';

// No 0/O or 1/I: codes are read aloud and typed from paper.
const referralAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomReferralCode(): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += referralAlphabet[randomInt(referralAlphabet.length)];
  return code;
}

async function uniqueReferralCode(db: Executor): Promise<string> {
  for (;;) {
    const code = randomReferralCode();
    if (!(await isReferralCodeTaken(db, code))) return code;
  }
}

/**
 * Makes sure a user with a verified e-mail has an investor record, its onboarding row and
 * default notification preferences; records the referral the sign-up link carried.
 * Call inside a transaction.
 */
export async function ensureInvestorForVerifiedUser(
  db: Executor,
  input: { user: UserRow; referralCode: string | null; now: Date },
): Promise<InvestorRow> {
  const existing = await findInvestorByUserId(db, input.user.id);
  if (existing) {
    await markOnboardingEmailVerified(db, existing.id, input.now);
    return existing;
  }
  const { investor, isNew } = await insertInvestorWithDefaults(db, {
    userId: input.user.id,
    email: input.user.email,
    referralCode: await uniqueReferralCode(db),
    now: input.now,
  });
  if (!isNew) return investor;
  const code = referralCodeShape.safeParse(input.referralCode ?? '');
  if (code.success) {
    const referrer = await findInvestorByReferralCode(db, code.data);
    if (referrer && referrer.id !== investor.id) {
      await insertReferral(db, {
        referrerInvestorId: referrer.id,
        referredInvestorId: investor.id,
        code: referrer.referralCode,
        now: input.now,
      });
    }
  }
  return investor;
}

export async function loadAccountState(
  db: Executor,
  user: UserRow,
  investor: InvestorRow,
): Promise<AccountState> {
  const onboarding = await findOnboarding(db, investor.id);
  return {
    emailVerified: Boolean(user.emailVerifiedAt) || Boolean(onboarding?.emailVerified),
    phoneVerified: Boolean(user.phoneVerifiedAt),
    passwordSet: Boolean(user.passwordHash),
    status: investor.status as InvestorStatus,
    hasVerifiedBankAccount: await hasVerifiedBankAccount(db, investor.id),
  };
}

export async function describeSessionInvestor(
  db: Executor,
  input: { user: UserRow; investor: InvestorRow; timeZone: string },
): Promise<SessionInvestor> {
  const { user, investor } = input;
  const state = await loadAccountState(db, user, investor);
  return {
    user_id: user.id,
    investor_id: investor.id,
    first_name: investor.firstName,
    last_name: investor.lastName,
    email: user.email,
    phone_masked: user.phoneE164 && user.phoneVerifiedAt ? maskPhone(user.phoneE164) : null,
    status: state.status,
    member_since_year: Number(businessDateOf(investor.createdAt, input.timeZone).slice(0, 4)),
    email_verified: state.emailVerified,
    phone_verified: state.phoneVerified,
    password_set: state.passwordSet,
    has_verified_bank_account: state.hasVerifiedBankAccount,
    identity_verified: await hasApprovedIdentity(db, investor.id),
    is_returning_visitor: user.signInCount > 1,
    next_screen: nextScreen(state),
  };
}
