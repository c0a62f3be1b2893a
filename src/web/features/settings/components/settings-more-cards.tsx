/**
 * The settings cards below the profile (decision 1975): tax information, investor profile,
 * electronic delivery, bank account, passkeys and notifications. On a phone the profile fills
 * the first screen; these load right after the page's code (portal-route-table.tsx starts them
 * with it) instead of before its content, and are drawn once the page has painted
 * (AfterFirstPaint in settings-page.tsx), with a loading state until then.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { InvestorSettings } from '../../../../shared/settings/contracts';
import { BankAccountCard } from './bank-account-card';
import { ElectronicDeliveryCard } from './electronic-delivery-card';
import { InvestorProfileCard } from './investor-profile-card';
import { NotificationPreferencesCard } from './notification-preferences-card';
import { PasskeysCard } from './passkeys-card';
import { TaxInformationCard } from './tax-information-card';

export interface SettingsMoreCardsProps {
  settings: InvestorSettings;
  onLinkBank(): void;
  onChangeBank(): void;
}

export function SettingsMoreCards({ settings, onLinkBank, onChangeBank }: SettingsMoreCardsProps) {
  const location = useLocation();

  // A link to a section (#bank-account, #tax: both cards are here) lands on it once they are drawn.
  useEffect(() => {
    if (!location.hash) return;
    const section = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!section) return;
    section.scrollIntoView({ block: 'start' });
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [location.hash]);

  return (
    <>
      <TaxInformationCard record={settings.tax_information} />
      <InvestorProfileCard />
      <ElectronicDeliveryCard />
      <BankAccountCard accounts={settings.bank_accounts} onLink={onLinkBank} onChange={onChangeBank} />
      <PasskeysCard />
      <NotificationPreferencesCard
        preferences={settings.notification_preferences}
        isPhoneVerified={settings.phone_verified}
      />
    </>
  );
}
