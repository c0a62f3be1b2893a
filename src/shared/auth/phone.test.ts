import { describe, expect, it } from 'vitest';
import { isValidPhone, maskPhone, normalizePhone } from './phone';
import { safeRedirectPath } from './safe-redirect';
import { isCompleteSmsCode, sanitizeSmsCode } from './sms-code';

describe('phone numbers (spec 5)', () => {
  it('gives 10 digits a +1 prefix', () => {
    expect(normalizePhone('(617) 555-0142')).toBe('+16175550142');
  });

  it('gives 11 digits starting with 1 a +', () => {
    expect(normalizePhone('1 617 555 0142')).toBe('+16175550142');
    expect(normalizePhone('+1 (617) 555-0142')).toBe('+16175550142');
  });

  it('keeps other international numbers as typed digits', () => {
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('is valid for a plus, a nonzero digit and 7 to 15 digits', () => {
    expect(isValidPhone('12')).toBe(false);
    expect(isValidPhone('123456')).toBe(false);
    expect(isValidPhone('+290 1234')).toBe(true);
    expect(isValidPhone('617-555-0142')).toBe(true);
    expect(isValidPhone('+442079460958')).toBe(true);
    expect(isValidPhone('')).toBe(false);
    expect(isValidPhone('0')).toBe(false);
    expect(isValidPhone('+0 123 456 7890 12')).toBe(false);
    expect(isValidPhone('1234567890123456')).toBe(false);
  });

  it('masks all but the last four digits', () => {
    expect(maskPhone('+16175550142')).toBe('***-***-0142');
  });
});

describe('SMS codes (spec 5)', () => {
  it('strips non-digits and keeps six', () => {
    expect(sanitizeSmsCode(' 12-34 56 7')).toBe('123456');
    expect(sanitizeSmsCode('12a')).toBe('12');
  });

  it('is complete only at six digits', () => {
    expect(isCompleteSmsCode('12345')).toBe(false);
    expect(isCompleteSmsCode('123456')).toBe(true);
  });
});

describe('redirect targets', () => {
  it.each([
    ['/transfer?x=1', '/transfer?x=1'],
    ['/verify-email', '/verify-email'],
    ['https://evil.example/', '/home'],
    ['//evil.example', '/home'],
    ['/\\evil.example', '/home'],
    ['/ok\\..\\x', '/home'],
    ['javascript:alert(1)', '/home'],
    ['/a\nb', '/home'],
    ['', '/home'],
    [null, '/home'],
  ])('%s -> %s', (value, expected) => {
    expect(safeRedirectPath(value, '/home')).toBe(expected);
  });
});
