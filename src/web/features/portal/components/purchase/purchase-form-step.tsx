/** Step 1: term, amount and funding account, checked in the spec's order on NEXT. */
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Alert } from '../../../../components/ui/feedback';
import { SelectField, TextField } from '../../../../components/ui/field';
import { formatUsd } from '../../../../../shared/format/money-format';
import type { Product } from '../../../../../shared/products/contracts';
import { termLabel } from '../../../../../shared/products/plans';
import type { FundingAccount } from '../../../../../shared/purchases/purchase-contracts';
import { purchaseFormError, purchaseMessages } from '../../../../../shared/purchases/purchase-rules';
import type { PurchaseDraft } from './purchase-flow';
import type { IsoDate } from '../../../../../shared/dates/calendar-date';
import { AmountFigure } from '../amount-figure';
import { MaturityInstructionFields, type RolloverTerm } from '../maturity-instruction-fields';
import { ReinvestmentFields } from '../reinvestment-fields';

export function fundingAccountLabel(account: FundingAccount): string {
  const kind = account.account_type === 'savings' ? 'Savings' : 'Checking';
  return `${account.institution_name} ${kind} •••• ${account.account_last_four}`;
}

/** Which field the message belongs to, so it is shown there and the field is marked invalid. */
function fieldOf(message: string): 'term' | 'amount' | 'funding' {
  if (message === purchaseMessages.selectTerm) return 'term';
  if (message === purchaseMessages.selectFundingAccount) return 'funding';
  return 'amount';
}

export function PurchaseFormStep({
  products,
  draft,
  fundingAccounts,
  isLoadingAccounts,
  accountsError,
  maximum,
  onChange,
  onNext,
  onLinkBank,
  rolloverTerms,
  today,
}: {
  rolloverTerms: readonly RolloverTerm[];
  today: IsoDate;
  products: Product[];
  draft: PurchaseDraft;
  fundingAccounts: FundingAccount[];
  isLoadingAccounts: boolean;
  accountsError: string | null;
  maximum: string;
  onChange(changes: Partial<PurchaseDraft>): void;
  onNext(): void;
  onLinkBank(): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const product = products.find((candidate) => candidate.id === draft.productId) ?? null;
  const minimum = product?.minimum_purchase_amount ?? products[0]?.minimum_purchase_amount ?? null;
  const errorField = error ? fieldOf(error) : null;
  // A message describes the values NEXT was pressed on; once any of them changes it is stale.
  const change = (changes: Partial<PurchaseDraft>) => {
    setError(null);
    onChange(changes);
  };

  const submit = () => {
    const message = purchaseFormError({
      product,
      amount: draft.amount,
      fundingAccountId: draft.fundingAccountId,
      maximum,
    });
    setError(message);
    if (!message) onNext();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {products.length > 1 ? (
        <SelectField
          label="Term"
          value={draft.productId}
          onChange={(event) => change({ productId: event.target.value })}
          error={errorField === 'term' ? error : null}
        >
          <option value="">Select a term length</option>
          {products.map((option) => (
            <option key={option.id} value={option.id}>
              {termLabel(option)}
            </option>
          ))}
        </SelectField>
      ) : product ? (
        <div className="field">
          <span className="field-label">Term</span>
          <span className="static-value">{termLabel(product)}</span>
        </div>
      ) : null}
      <TextField
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        placeholder={minimum ? formatUsd(minimum).replace('$', '') : '5,000.00'}
        value={draft.amount}
        onChange={(event) => change({ amount: event.target.value.replace(/[^\d.,]/g, '') })}
        hint={minimum ? `Minimum ${formatUsd(minimum)}, maximum ${formatUsd(maximum)}` : undefined}
        error={errorField === 'amount' ? error : null}
      />
      {isLoadingAccounts ? (
        <p className="muted">Loading your bank accounts...</p>
      ) : accountsError ? (
        <Alert tone="error">{accountsError}</Alert>
      ) : fundingAccounts.length === 0 ? (
        <div className="field">
          <span className="field-label">Funding account</span>
          <div className="link-bank-box">
            <p>You don’t have a verified bank account yet. Link one to fund this investment.</p>
            <Button variant="secondary" size="sm" onClick={onLinkBank}>
              Link a bank account
            </Button>
          </div>
          {errorField === 'funding' ? (
            <span className="field-error" role="alert">
              {error}
            </span>
          ) : null}
        </div>
      ) : (
        <>
          <SelectField
            label="Funding account"
            value={draft.fundingAccountId}
            onChange={(event) => change({ fundingAccountId: event.target.value })}
            error={errorField === 'funding' ? error : null}
          >
            <option value="">Select a bank account</option>
            {fundingAccounts.map((account) => (
              <option key={account.id} value={account.id}>
                {fundingAccountLabel(account)}
              </option>
            ))}
          </SelectField>
          <Button variant="link" onClick={onLinkBank} className="link-another">
            Link another bank account
          </Button>
        </>
      )}
      {product?.investment_type === 'high_yield' ? (
        <MaturityInstructionFields
          value={draft.maturityInstruction}
          terms={rolloverTerms}
          onChange={(maturityInstruction) => change({ maturityInstruction })}
        />
      ) : null}
      {product?.investment_type === 'standard' ? (
        <ReinvestmentFields
          reinvest={draft.reinvestInterest}
          onChange={(reinvestInterest) => change({ reinvestInterest })}
        />
      ) : null}
      {product ? (
        <AmountFigure
          product={product}
          amount={draft.amount}
          startDate={today}
          reinvestInterest={draft.reinvestInterest}
        />
      ) : null}
      <div className="modal-footer">
        <Button type="submit">NEXT</Button>
      </div>
    </form>
  );
}
