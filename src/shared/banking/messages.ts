/** What the bank-link wizard, the bank card and the bank API say. The spec's own (spec 8) are word for word. */
export const bankMessages = {
  failedToCreateLinkToken: 'Failed to create link token',
  /** The provider's name appears in the message (spec 8). */
  failedToInitialize: (providerName: string) => `Failed to initialize ${providerName} Link`,
  failedToLink: 'Failed to link bank account',
  failedToComplete: 'Failed to complete bank account linking',
  allowPopups: 'Please allow popups for this site',
  identityRequired: 'Please verify your identity before linking a bank account.',
  identityRejected:
    'We could not verify your identity with the details provided. Please check them and try again, or contact support.',
  identityInReview: 'Your identity is being reviewed. We will e-mail you when it is done.',
  identityNothingToRecheck: 'There is no pending identity verification to check again.',
  identityUnavailable:
    'We could not reach our identity verification partner. Nothing was saved; please try again in a few minutes.',
  /** A record on file changes only through Settings › Tax information (step-up, audit, notice). */
  identityOnFile:
    'Your identity details are already on file. To change them, go to Settings › Tax information.',
  linkSessionExpired: 'This bank connection session has expired. Please start again.',
  accountNotFound: 'Bank account not found.',
  notAwaitingMicroDeposits: 'This account is not waiting for micro-deposit amounts.',
  microDepositsMismatch: (attemptsLeft: number) =>
    `Those amounts do not match the deposits we sent. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`,
  microDepositsFailed:
    'Those amounts do not match, and there are no attempts left. Please link a different account.',
  microDepositAmount: 'Enter each deposit as an amount between $0.01 and $0.99',
  cannotRemovePrimary: 'Your primary account cannot be removed; link a different account to replace it.',
  refreshFailed: 'We could not reach your bank. Please try again later.',
  unsupportedAccountType: 'Only checking and savings accounts can be linked.',
} as const;
