/**
 * The bank-link wizard, loaded when it opens (decision 1412): /buy-investments and /settings
 * show it only after a click, so its code is not part of their first paint.
 */
import { Suspense } from 'react';
import { LoadingState } from '../../../components/ui/feedback';
import { preloadableLazy } from '../../../lib/preloadable-lazy';
import type { BankLinkWizardProps } from './bank-link-wizard';

const BankLinkWizard = preloadableLazy(() =>
  import('./bank-link-wizard').then((module) => module.BankLinkWizard),
);

export function LazyBankLinkWizard(props: BankLinkWizardProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <BankLinkWizard {...props} />
    </Suspense>
  );
}
