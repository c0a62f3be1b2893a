/**
 * The bank-link wizard, loaded when it opens (decision 1412): /buy-investments and /settings
 * show it only after a click, so its code is not part of their first paint.
 */
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../../components/ui/feedback';
import type { BankLinkWizardProps } from './bank-link-wizard';

export const loadBankLinkWizard = () => import('./bank-link-wizard');
const BankLinkWizard = lazy(() =>
  loadBankLinkWizard().then((module) => ({ default: module.BankLinkWizard })),
);

export function LazyBankLinkWizard(props: BankLinkWizardProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <BankLinkWizard {...props} />
    </Suspense>
  );
}
