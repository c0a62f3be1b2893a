import { describe, expect, it } from 'vitest';
import { normalisePurchaseAmount, purchaseFormError } from './purchase-rules';

const product = { minimum_purchase_amount: '5000.00' };
const valid = { product, amount: '5000', fundingAccountId: 'account', maximum: '1000000.00' };

describe('purchaseFormError (spec 5, in its order)', () => {
  it('asks for the term first, whatever else is wrong', () => {
    expect(purchaseFormError({ ...valid, product: null, amount: 'x', fundingAccountId: '' })).toBe(
      'Please select a term length',
    );
  });

  it('then for a valid amount', () => {
    for (const amount of ['', 'abc', '0', '-1', '0.00', '12.345']) {
      expect(purchaseFormError({ ...valid, amount, fundingAccountId: '' })).toBe(
        'Please enter a valid amount',
      );
    }
  });

  it('then the minimum and the maximum', () => {
    expect(purchaseFormError({ ...valid, amount: '4999.99', fundingAccountId: '' })).toBe(
      'Minimum purchase amount is $5,000.00',
    );
    expect(purchaseFormError({ ...valid, amount: '1000000.01' })).toBe(
      'Maximum purchase amount is $1,000,000.00',
    );
  });

  it('then the funding account, and accepts a complete form', () => {
    expect(purchaseFormError({ ...valid, fundingAccountId: ' ' })).toBe('Please select a funding account');
    expect(purchaseFormError({ ...valid, amount: '25,000.50' })).toBeNull();
  });

  it('normalises what was typed to two places', () => {
    expect(normalisePurchaseAmount('25,000.5')).toBe('25000.50');
    expect(normalisePurchaseAmount('$7500')).toBe('7500.00');
    expect(normalisePurchaseAmount('1.234')).toBeNull();
  });
});
