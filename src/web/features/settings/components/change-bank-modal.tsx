/** What a bank change does, before the investor commits to it (spec 4 "Bank change"). */
import { maskedAccount } from '../../../../shared/banking/bank-account-format';
import type { BankAccountView } from '../../../../shared/banking/contracts';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export function ChangeBankModal({
  current,
  onContinue,
  onCancel,
}: {
  current: BankAccountView;
  onContinue(): void;
  onCancel(): void;
}) {
  const currentLabel = `${current.institution_name} ${maskedAccount(current.account_last_four)}`;
  return (
    <Modal
      title="Change bank account"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onContinue}>Continue</Button>
        </>
      }
    >
      <ul className="consequence-list">
        <li>
          Once verified, the new account funds your purchases and receives your interest payments and
          transfers.
        </li>
        <li>
          Verification is usually instant but may take 1-2 business days. Until then,{' '}
          <strong>{currentLabel}</strong> stays your primary account.
        </li>
        <li>
          When the new account is verified, {currentLabel} is removed from your profile. Payments already on
          their way still go to it.
        </li>
        <li>For your security, we will text a code to your phone first.</li>
      </ul>
    </Modal>
  );
}
