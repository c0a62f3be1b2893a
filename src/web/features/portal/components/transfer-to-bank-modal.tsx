/**
 * TRANSFER TO BANK (PRODUCT.md 19): amount, destination (the primary verified bank), a fresh
 * SMS code (step-up), then the confirmation of a pending transfer paid at the quarter end.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import { centsToMoney, compareMoney, parseMoneyToCents } from '../../../../shared/money/decimal-string';
import type { TransferSummaryResponse, WithdrawalRow } from '../../../../shared/transfers/transfer-contracts';
import { transferMessages } from '../../../../shared/transfers/transfer-messages';
import {
  newIdempotencyKey,
  portalKeys,
  requestWithdrawal,
  startStepUp,
  verifyStepUp,
} from '../api/portal-api';

type Step =
  | { name: 'amount' }
  | { name: 'code'; phoneMask: string | null }
  | { name: 'done'; withdrawal: WithdrawalRow };

const CODE_LENGTH = 6;

export function TransferToBankModal({
  summary,
  onClose,
}: {
  summary: TransferSummaryResponse;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'amount' });
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(newIdempotencyKey);
  const destination = summary.destination;

  const submitTransfer = useMutation({
    mutationFn: () => requestWithdrawal(amount, key),
    onSuccess: async (response) => {
      setStep({ name: 'done', withdrawal: response.withdrawal });
      await queryClient.invalidateQueries({ queryKey: portalKeys.all });
    },
    onError: (failure) => setError(failure.message),
  });

  // Every transfer is confirmed with a fresh SMS code (PRODUCT.md 7) before it is sent.
  const sendCode = useMutation({
    mutationFn: startStepUp,
    onSuccess: (started) => {
      setCode('');
      setStep({ name: 'code', phoneMask: started.phone_mask });
    },
    onError: (failure) => setError(failure.message),
  });

  const verify = useMutation({
    mutationFn: () => verifyStepUp(code),
    onSuccess: () => submitTransfer.mutate(),
    onError: (failure) => setError(failure.message),
  });

  const continueWithAmount = () => {
    const cents = parseMoneyToCents(amount);
    if (cents === null || cents <= 0n) return setError(transferMessages.validAmount);
    if (compareMoney(centsToMoney(cents), summary.available_to_withdraw) > 0) {
      return setError(transferMessages.aboveAvailable);
    }
    setError(null);
    sendCode.mutate();
  };

  return (
    <Modal title="Transfer to bank" onClose={onClose}>
      {!destination ? (
        <>
          <Alert tone="warning">{transferMessages.noBankAccount}</Alert>
          <div className="modal-footer">
            <ButtonLink to="/settings?from=%2Ftransfer">Go to settings</ButtonLink>
          </div>
        </>
      ) : step.name === 'amount' ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            continueWithAmount();
          }}
        >
          <p className="muted">
            Available to withdraw: <strong>{formatUsd(summary.available_to_withdraw)}</strong>
          </p>
          <div className="amount-with-max">
            <TextField
              label="Amount (USD)"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value.replace(/[^\d.,]/g, ''))}
              error={error}
            />
            <Button variant="secondary" size="sm" onClick={() => setAmount(summary.available_to_withdraw)}>
              Max
            </Button>
          </div>
          <div className="field">
            <span className="field-label">To</span>
            <span className="static-value">
              {destination.institution_name} {destination.account_type === 'savings' ? 'Savings' : 'Checking'}{' '}
              •••• {destination.account_last_four}
            </span>
          </div>
          <p className="field-hint">
            Paid on {formatLongDate(summary.next_payment_date)}, the end of the quarter. Your funds keep
            earning until then, and you can cancel until it is paid.
          </p>
          <div className="modal-footer">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" isBusy={sendCode.isPending}>
              Continue
            </Button>
          </div>
        </form>
      ) : step.name === 'code' ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            verify.mutate();
          }}
        >
          <p>
            For your security, enter the 6-digit code we sent to {step.phoneMask ?? 'your phone'} to confirm
            the transfer of <strong>{formatUsd(amount)}</strong>.
          </p>
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
            error={error}
          />
          <div className="modal-footer">
            <Button variant="secondary" onClick={() => setStep({ name: 'amount' })}>
              BACK
            </Button>
            <Button
              type="submit"
              disabled={code.length !== CODE_LENGTH}
              isBusy={verify.isPending || submitTransfer.isPending}
            >
              Confirm transfer
            </Button>
          </div>
        </form>
      ) : (
        <div className="purchase-result" role="status">
          <span className="purchase-check" aria-hidden="true">
            ✓
          </span>
          <p className="purchase-result-title">TRANSFER REQUESTED</p>
          <p>
            We will pay {formatUsd(step.withdrawal.amount)} to your account ending{' '}
            {step.withdrawal.bank_last_four} on {formatLongDate(step.withdrawal.scheduled_for)}. You can
            cancel it on this page until then.
          </p>
          <div className="modal-footer purchase-result-actions">
            <Button onClick={onClose}>CLOSE</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
