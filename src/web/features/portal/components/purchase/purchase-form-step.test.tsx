// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../../../shared/products/contracts';
import type { FundingAccount } from '../../../../../shared/purchases/purchase-contracts';
import type { PurchaseDraft } from './purchase-flow';
import { PurchaseFormStep } from './purchase-form-step';

const standard: Product = {
  id: '7b0c5a52-0f1e-4e1f-9a55-2f3c1a7d9e01',
  display_name: 'Standard income',
  investment_type: 'standard',
  description: null,
  interest_rate_annual: '0.08',
  term_years: 1,
  minimum_purchase_amount: '5000.00',
  available_from: null,
  available_until: null,
  is_active: true,
};

const account: FundingAccount = {
  id: '0d4f1c7e-5b7a-4c43-8a8e-9c1f2b3a4d5e',
  institution_name: 'First Platypus Bank',
  account_type: 'checking',
  account_name: null,
  account_last_four: '0000',
  is_primary: true,
};

function Harness({ onNext }: { onNext(): void }) {
  const [draft, setDraft] = useState<PurchaseDraft>({
    productId: standard.id,
    amount: '',
    fundingAccountId: account.id,
    hasConsented: false,
    maturityInstruction: { kind: 'pay_out' },
    reinvestInterest: false,
  });
  return (
    <PurchaseFormStep
      products={[standard]}
      draft={draft}
      fundingAccounts={[account]}
      isLoadingAccounts={false}
      accountsError={null}
      maximum="1000000.00"
      onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))}
      onNext={onNext}
      onLinkBank={() => {}}
      rolloverTerms={[]}
      today="2025-06-02"
    />
  );
}

afterEach(cleanup);

describe('the buy form’s minimum message (issue 13 item 16: stale errors clear)', () => {
  it('disappears as soon as the amount changes, and NEXT checks the new amount', () => {
    const onNext = vi.fn();
    render(<Harness onNext={onNext} />);
    const amount = screen.getByLabelText('Amount (USD)');
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'NEXT' }));
    expect(screen.getByRole('alert').textContent).toBe('Minimum purchase amount is $5,000.00');

    fireEvent.change(amount, { target: { value: '1000' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(amount.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(amount, { target: { value: '10000' } });
    fireEvent.click(screen.getByRole('button', { name: 'NEXT' }));
    expect(onNext).toHaveBeenCalledOnce();
  });
});
