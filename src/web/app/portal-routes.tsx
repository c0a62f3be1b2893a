/**
 * Portal pages that compose more than one feature: /buy-investments gets the bank-link
 * wizard for an investor without a verified account (features never import each other).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../components/ui/modal';
import { bankLinkStepTitle } from '../features/bank-link/components/bank-link-steps';
import { LazyBankLinkWizard as BankLinkWizard } from '../features/bank-link/components/lazy-bank-link-wizard';
import { BuyInvestmentsPage, type LinkBankSlotProps } from '../features/portal/pages/buy-investments-page';
import { settingsPathFrom } from './portal-layout';

/** The wizard in a dialog over the plans; the purchase modal comes back with the new account. */
function LinkBankForPurchase({ returnPath, onLinked, onCancel }: LinkBankSlotProps) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(bankLinkStepTitle('identity'));
  return (
    <Modal title={title} onClose={onCancel} wide>
      <BankLinkWizard
        onStepChange={setTitle}
        onCancel={onCancel}
        onDone={(account) => {
          // An account still awaiting micro-deposits cannot fund a purchase yet: Settings takes the amounts.
          if (account.verification_status === 'verified') onLinked();
          else navigate(`${settingsPathFrom(returnPath)}#bank-account`);
        }}
      />
    </Modal>
  );
}

export function BuyInvestmentsRoute() {
  return <BuyInvestmentsPage renderLinkBank={(props) => <LinkBankForPurchase {...props} />} />;
}
