/**
 * /settings composed: the settings feature's page gets the bank-link feature's wizard through
 * its render prop (features never import each other). Loaded lazily by portal-route-table.tsx.
 */
import { LazyBankLinkWizard as BankLinkWizard } from '../features/bank-link/components/lazy-bank-link-wizard';
import { SettingsPage } from '../features/settings/pages/settings-page';

export function SettingsRoute() {
  return <SettingsPage renderBankLinkWizard={(props) => <BankLinkWizard {...props} />} />;
}
