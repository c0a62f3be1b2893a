import { describe, expect, it } from 'vitest';
import {
  formatSsnInput,
  identityFormSchema,
  identityMessages,
  latestBirthDateFor,
  ssnDigitsOf,
  US_STATES,
} from './identity';

const today = '2026-03-10';
const schema = identityFormSchema(today);

const valid = {
  firstName: 'Ann',
  lastName: 'Lee',
  dateOfBirth: '1990-05-17',
  ssn: '123-45-6789',
  address1: '1 Main Street',
  address2: '',
  city: 'Boston',
  state: 'MA',
  postalCode: '02110',
};

function firstError(input: Record<string, unknown>, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('identity form', () => {
  it('accepts a complete form and yields the SSN as nine digits and no empty address2', () => {
    const parsed = schema.parse(valid);
    expect(parsed.ssn).toBe('123456789');
    expect(parsed.address2).toBeUndefined();
    expect(parsed.state).toBe('MA');
  });

  it.each([
    ['firstName', identityMessages.firstNameRequired],
    ['lastName', identityMessages.lastNameRequired],
    ['dateOfBirth', identityMessages.dateOfBirthRequired],
    ['ssn', identityMessages.ssn],
    ['address1', identityMessages.address1Required],
    ['city', identityMessages.cityRequired],
    ['state', identityMessages.stateRequired],
    ['postalCode', identityMessages.postalCode],
  ])('requires %s (%s)', (field, message) => {
    expect(firstError({ ...valid, [field]: '' }, field)).toBe(message);
    expect(firstError({ ...valid, [field]: '   ' }, field)).toBe(message);
    const { [field as keyof typeof valid]: _omitted, ...missing } = valid;
    expect(firstError(missing, field)).toBe(message);
  });

  it('treats address line 2 as optional but keeps it when given', () => {
    const { address2: _omitted, ...withoutAddress2 } = valid;
    expect(schema.safeParse(withoutAddress2).success).toBe(true);
    expect(schema.parse({ ...valid, address2: ' Apt 4 ' }).address2).toBe('Apt 4');
  });

  it('knows exactly the 50 state codes', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(50);
    for (const code of ['DC', 'PR', 'GU', 'XX', 'Massachusetts']) {
      expect(firstError({ ...valid, state: code }, 'state')).toBe(identityMessages.stateRequired);
    }
    expect(schema.parse({ ...valid, state: 'wy' }).state).toBe('WY');
  });

  it('needs an age of at least 18 on the business date', () => {
    const latest = latestBirthDateFor(today);
    expect(latest).toBe('2008-03-10');
    expect(firstError({ ...valid, dateOfBirth: latest }, 'dateOfBirth')).toBeUndefined();
    expect(firstError({ ...valid, dateOfBirth: '2008-03-11' }, 'dateOfBirth')).toBe(
      identityMessages.minimumAge,
    );
    expect(firstError({ ...valid, dateOfBirth: '2030-01-01' }, 'dateOfBirth')).toBe(
      identityMessages.minimumAge,
    );
  });

  it('caps the date picker at the 18th birthday, also for a 29 February birthday', () => {
    expect(latestBirthDateFor('2026-02-28')).toBe('2008-02-28');
    expect(latestBirthDateFor('2026-03-01')).toBe('2008-03-01');
    expect(latestBirthDateFor('2028-02-29')).toBe('2010-02-28');
  });

  it('refuses dates that are not real dates or are implausibly old', () => {
    for (const date of ['1990-02-30', '05/17/1990', 'yesterday', '1890-01-01']) {
      expect(firstError({ ...valid, dateOfBirth: date }, 'dateOfBirth')).toBe(
        identityMessages.dateOfBirthInvalid,
      );
    }
  });

  it('needs an SSN of exactly 9 digits, formatted or not', () => {
    expect(schema.parse({ ...valid, ssn: '123456789' }).ssn).toBe('123456789');
    expect(schema.parse({ ...valid, ssn: '123 45 6789' }).ssn).toBe('123456789');
    for (const ssn of ['12345678', '1234567890', '123-45-678a', 'abc-de-fghi']) {
      expect(firstError({ ...valid, ssn }, 'ssn')).toBe('Valid SSN is required (9 digits)');
    }
  });

  it('formats the SSN as it is typed: XXX-XX-XXXX, never more than nine digits', () => {
    expect(formatSsnInput('')).toBe('');
    expect(formatSsnInput('12')).toBe('12');
    expect(formatSsnInput('123')).toBe('123');
    expect(formatSsnInput('1234')).toBe('123-4');
    expect(formatSsnInput('12345')).toBe('123-45');
    expect(formatSsnInput('123456')).toBe('123-45-6');
    expect(formatSsnInput('123456789')).toBe('123-45-6789');
    expect(formatSsnInput('1234567890')).toBe('123-45-6789');
    expect(formatSsnInput('12a3-45 67x89')).toBe('123-45-6789');
    expect(ssnDigitsOf('123-45-6789')).toBe('123456789');
  });

  it('takes a ZIP of 5 digits or 5+4, at most 10 characters', () => {
    expect(firstError({ ...valid, postalCode: '02110' }, 'postalCode')).toBeUndefined();
    expect(firstError({ ...valid, postalCode: '02110-1234' }, 'postalCode')).toBeUndefined();
    for (const zip of ['0211', '021101', '02110-123', '021101234', '02110 1234', 'ABCDE', '02110-12345']) {
      expect(firstError({ ...valid, postalCode: zip }, 'postalCode')).toBe('Valid ZIP code is required');
    }
  });

  it('limits the length of free text', () => {
    expect(firstError({ ...valid, city: 'x'.repeat(61) }, 'city')).toBe(
      'City must be 60 characters or fewer',
    );
    expect(firstError({ ...valid, address1: 'x'.repeat(101) }, 'address1')).toBe(
      'Address must be 100 characters or fewer',
    );
  });
});
