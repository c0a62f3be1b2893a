/**
 * Transfer and conversion messages without zod (the schemas are in transfer-contracts.ts), for the web app's read-only code (decision 1411).
 */

export const transferMessages = {
  validAmount: 'Please enter a valid amount',
  aboveAvailable: 'The amount is more than you have available to withdraw',
  noBankAccount: 'Link and verify a bank account before transferring funds',
  notCancellable: 'This transfer can no longer be cancelled',
  notFound: 'Transfer not found',
  belowMinimum: (minimum: string) => `The minimum for a High-Yield note is ${minimum}`,
  inProgress: 'This request is already being processed.',
} as const;
