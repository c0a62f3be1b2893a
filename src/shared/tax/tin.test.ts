import { describe, expect, it } from 'vitest';
import { identityFormSchema } from '../banking/identity';
import { taxInformationFormSchema } from '../settings/tax-information';
import { describeTinOnFile, formatTinInput, isValidItin, isValidSsn, tinMessages, tinProblem } from './tin';

describe('taxpayer identification numbers', () => {
  it('accepts SSNs by the SSA numbering rules', () => {
    for (const valid of ['123456789', '527318642', '665999999', '899011234', '111111111']) {
      expect(isValidSsn(valid), valid).toBe(true);
    }
    for (const invalid of [
      '000123456',
      '666123456',
      '900123456',
      '999999999',
      '123006789',
      '123450000',
      '12345678',
      '12345678a',
    ]) {
      expect(isValidSsn(invalid), invalid).toBe(false);
    }
  });

  it('accepts ITINs by the IRS numbering rules', () => {
    for (const valid of [
      '912501234',
      '912651234',
      '912701234',
      '912881234',
      '912901234',
      '912921234',
      '912941234',
      '912991234',
    ]) {
      expect(isValidItin(valid), valid).toBe(true);
    }
    for (const invalid of [
      '912491234',
      '912661234',
      '912691234',
      '912891234',
      '912931234',
      '812701234',
      '91270123',
    ]) {
      expect(isValidItin(invalid), invalid).toBe(false);
    }
  });

  it('names the problem by type and describes a number on file by its last four only', () => {
    expect(tinProblem('ssn', '12345')).toBe(tinMessages.ssnLength);
    expect(tinProblem('ssn', '912701234')).toBe(tinMessages.ssnNumbering);
    expect(tinProblem('itin', '912701234')).toBeNull();
    expect(tinProblem('itin', '123456789')).toBe(tinMessages.itinNumbering);
    expect(describeTinOnFile('ssn', '6789')).toBe('SSN ending 6789');
    expect(describeTinOnFile('itin', '1234')).toBe('ITIN ending 1234');
    expect(formatTinInput('9127a01234')).toBe('912-70-1234');
  });

  it('lets a change keep the number on file only for the same type', () => {
    const form = {
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1985-04-12',
      address1: '1 Main Street',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
    };
    expect(
      taxInformationFormSchema('2026-06-01', 'ssn').safeParse({ ...form, tinType: 'ssn', tin: '' }).success,
    ).toBe(true);
    expect(
      taxInformationFormSchema('2026-06-01', null).safeParse({ ...form, tinType: 'ssn', tin: '' }).success,
    ).toBe(false);
    expect(
      taxInformationFormSchema('2026-06-01', 'ssn').safeParse({ ...form, tinType: 'itin', tin: '' }).success,
    ).toBe(false);
  });

  it('holds the bank wizard’s identity form to the SSN numbering rules too', () => {
    const schema = identityFormSchema('2026-06-01');
    const identity = {
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1985-04-12',
      address1: '1 Main Street',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
    };
    expect(schema.safeParse({ ...identity, ssn: '123-45-6789' }).success).toBe(true);
    for (const ssn of ['000-45-6789', '666-45-6789', '912-45-6789']) {
      const parsed = schema.safeParse({ ...identity, ssn });
      expect(parsed.error?.issues[0]?.message).toBe('Valid SSN is required (9 digits)');
    }
  });
});
