import { describe, expect, it } from 'vitest';
import { purchaseReference, shortId, signedAmount } from './transaction-display';

describe('transaction display', () => {
  it('signs money in with + and money out with -', () => {
    expect(signedAmount('purchase', '5000.00', '5000.00')).toBe('+5000.00');
    expect(signedAmount('interest_payment', '33.33', '0.00')).toBe('+33.33');
    expect(signedAmount('withdrawal', '100.00', '-100.00')).toBe('-100.00');
    expect(signedAmount('reinvestment', '100.00', '-100.00')).toBe('-100.00');
    expect(signedAmount('reinvestment', '100.00', '100.00')).toBe('+100.00');
    expect(signedAmount('reversal', '33.33', '-33.33')).toBe('-33.33');
  });

  it('shows ids as their first 8 characters and the purchase reference in capitals', () => {
    const id = 'be5e8a58-476b-4984-83ab-ca58c1494a02';
    expect(shortId(id)).toBe('be5e8a58');
    expect(purchaseReference(id)).toBe('BE5E8A58');
  });
});
