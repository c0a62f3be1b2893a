/** What an investor reads when the ACH rail refuses a purchase (decision 1500). */
export const achPurchaseMessages = {
  declined: (reason: string) =>
    `Your bank did not approve this payment (${reason.replace(/\.$/, '')}). No note was created and no money moved. Check your balance or choose another account, then try again.`,
  accountNotOnRail:
    'This bank account cannot be debited yet. Please link it again from Settings, then try again.',
  railUnavailable:
    'We could not reach our payment provider. No note was created. Please try again in a few minutes.',
} as const;
