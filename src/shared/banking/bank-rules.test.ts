import { describe, expect, it } from 'vitest';
import { accountNumber, isValidRoutingNumber, maskedAccount, routingNumber } from './bank-account-numbers';
import { bankMessages } from './messages';
import {
  microDepositsMatch,
  normalizeMicroDepositAmount,
  verifyMicroDepositsRequest,
} from './micro-deposits';

describe('micro-deposit amounts', () => {
  it('normalises the ways people type cents', () => {
    expect(normalizeMicroDepositAmount('0.32')).toBe('0.32');
    expect(normalizeMicroDepositAmount('.07')).toBe('0.07');
    expect(normalizeMicroDepositAmount('$0.45')).toBe('0.45');
    expect(normalizeMicroDepositAmount(' 0.99 ')).toBe('0.99');
  });

  it('refuses what is not between $0.01 and $0.99 written with cents', () => {
    for (const value of ['32', '0.3', '1.00', '0.00', '-0.32', '0.321', '', 'abc']) {
      expect(normalizeMicroDepositAmount(value)).toBeNull();
    }
    const result = verifyMicroDepositsRequest.safeParse({ amount_1: '32', amount_2: '0.10' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(bankMessages.microDepositAmount);
  });

  it('matches the two deposits in either order, and only both', () => {
    expect(microDepositsMatch(['0.32', '0.45'], ['0.32', '0.45'])).toBe(true);
    expect(microDepositsMatch(['0.45', '0.32'], ['0.32', '0.45'])).toBe(true);
    expect(microDepositsMatch(['0.32', '0.32'], ['0.32', '0.45'])).toBe(false);
    expect(microDepositsMatch(['0.33', '0.45'], ['0.32', '0.45'])).toBe(false);
  });
});

describe('bank numbers', () => {
  it('checks the ABA routing check digit', () => {
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('011000016')).toBe(false);
    expect(isValidRoutingNumber('01100001')).toBe(false);
    expect(routingNumber.safeParse('0110 000 15').success).toBe(true);
  });

  it('takes account numbers of 4 to 17 digits and shows only the last four', () => {
    expect(accountNumber.safeParse('1234').success).toBe(true);
    expect(accountNumber.safeParse('12345678901234567').success).toBe(true);
    expect(accountNumber.safeParse('123').success).toBe(false);
    expect(accountNumber.safeParse('123456789012345678').success).toBe(false);
    expect(accountNumber.safeParse('12-34').success).toBe(false);
    expect(maskedAccount('6789')).toBe('••••6789');
  });
});
