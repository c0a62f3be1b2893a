/**
 * Portal pages that compose more than one feature: /buy-investments gets the way to link a
 * bank account from the settings/bank-link side (features never import each other).
 */
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { Modal } from '../components/ui/modal';
import { BuyInvestmentsPage, type LinkBankSlotProps } from '../features/portal/pages/buy-investments-page';
import { settingsPathFrom } from './portal-layout';

function LinkBankInSettings({ returnPath, onCancel }: LinkBankSlotProps) {
  const navigate = useNavigate();
  return (
    <Modal title="Link a bank account" onClose={onCancel}>
      <p>
        Purchases are funded by ACH from a verified bank account in your name. Link one in your account
        settings; it usually takes a minute.
      </p>
      <div className="modal-footer">
        <Button variant="secondary" onClick={onCancel}>
          BACK
        </Button>
        <Button onClick={() => navigate(settingsPathFrom(returnPath))}>Link a bank account</Button>
      </div>
    </Modal>
  );
}

export function BuyInvestmentsRoute() {
  return <BuyInvestmentsPage renderLinkBank={(props) => <LinkBankInSettings {...props} />} />;
}
