/** The wizard's step titles, for the hosts that show them in their own heading before the wizard loads. */
export type BankLinkStepName = 'identity' | 'bank' | 'success';

const stepTitles: Record<BankLinkStepName, string> = {
  identity: 'Verify your identity',
  bank: 'Connect your bank',
  success: 'Bank account linked',
};

export function bankLinkStepTitle(step: BankLinkStepName): string {
  return stepTitles[step];
}
