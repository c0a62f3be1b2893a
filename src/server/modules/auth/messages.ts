/** Server-side messages of investor sign-in. The spec's own are word for word (spec 8). */
export const authMessages = {
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  failedToSendEmail: 'Failed to send email',
  failedToSendCode: 'Failed to send code',
  invalidCode: 'Invalid code',
  codeExpired: 'This code has expired. Please request a new one.',
  codeAttemptsExhausted: 'Too many incorrect attempts. Please request a new code.',
  phoneInUse: 'This phone number is already linked to another account. Please use a different number.',
  invalidCredentials: 'Invalid email or password',
  tooManyPasswordAttempts: 'Too many failed sign-in attempts.',
  tooManyRequests: 'Too many requests.',
  resendWait: 'Please wait before requesting another code.',
  signInCodeBudgetUsed:
    'For your security, we send only a few sign-in codes to one phone each hour, and this phone has had them.',
  codeBudgetUsed:
    'For your security, we send only a few codes to one phone each hour, and this phone has had them.',
  notSignedIn: 'Please sign in to continue.',
  suspended: 'This account is suspended. Please contact support.',
  closed: 'This account is closed. Please contact support if you need your records.',
  onboardingIncomplete: 'Please finish setting up your account first.',
  stepUpRequired: 'For your security, confirm it is you with a code sent to your phone.',
  noVerifiedPhone: 'Add and verify a phone number first.',
  wrongUser: 'You can only act on your own account.',
  passwordAlreadySet: 'Your password is already set.',
  failedToSetPassword: 'Failed to set password',
} as const;

/** What an investor who may not sign in is told (suspended or closed by staff), or null. */
export function signInRefusal(status: string | undefined): string | null {
  if (status === 'suspended') return authMessages.suspended;
  if (status === 'closed') return authMessages.closed;
  return null;
}
