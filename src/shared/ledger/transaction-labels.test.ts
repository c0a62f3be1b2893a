import { describe, expect, it } from 'vitest';
import { balanceChangeText, noteLabel, signedValueEffect } from '../portal/transaction-display';
import { transactionLabel } from './transaction-labels';

describe('transaction labels', () => {
  it('names interest by where it went: paid to the bank, or added to the note', () => {
    expect(transactionLabel({ transaction_type: 'interest_payment', investment_type: 'standard' })).toBe(
      'Interest paid to bank',
    );
    expect(transactionLabel({ transaction_type: 'interest_payment', investment_type: 'high_yield' })).toBe(
      'Interest added to note',
    );
    expect(transactionLabel({ transaction_type: 'purchase', investment_type: 'standard' })).toBe('Purchase');
  });

  it('names reinvested Standard interest by where it went, from the entry’s value effect', () => {
    const reinvested = { transaction_type: 'interest_payment', investment_type: 'standard' };
    expect(transactionLabel({ ...reinvested, value_effect: '67.95' })).toBe('Interest added to note');
    expect(transactionLabel({ ...reinvested, balance_change: '+67.95' })).toBe('Interest added to note');
    expect(transactionLabel({ ...reinvested, value_effect: '0.00' })).toBe('Interest paid to bank');
    expect(transactionLabel({ ...reinvested, balance_change: '0.00' })).toBe('Interest paid to bank');
  });

  it('names a row’s note by plan, rate and short id', () => {
    expect(
      noteLabel({
        investment_type: 'high_yield',
        interest_rate_annual: '0.094',
        investment_id: '1a2b3c4d-0000-4000-8000-000000000000',
      }),
    ).toBe('High Yield · 9.40% · 1a2b3c4d');
  });

  it('writes a balance change with its sign, and no change as such', () => {
    expect(signedValueEffect('0.00')).toBe('0.00');
    expect(signedValueEffect('-1000.00')).toBe('-1000.00');
    expect(signedValueEffect('25.5')).toBe('+25.50');
    const usd = (amount: string) => `$${amount}`;
    expect(balanceChangeText('0.00', usd)).toBe('No change');
    expect(balanceChangeText('+25.50', usd)).toBe('+$25.50');
    expect(balanceChangeText('-1000.00', usd)).toBe('-$1000.00');
  });
});
