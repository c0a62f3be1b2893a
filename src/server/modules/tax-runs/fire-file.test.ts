import { describe, expect, it } from 'vitest';
import { buildFireFile, FIRE_RECORD_LENGTH, type FireFileInput, fireText, nameControl } from './fire-file';

const input: FireFileInput = {
  taxYear: 2025,
  isTest: true,
  isPriorYear: false,
  isCorrection: false,
  transmitter: {
    tin: '123456789',
    tcc: 'AB123',
    name: 'Steadyline Notes LLC',
    address: '100 Harbor Street, Suite 400',
    city: 'Boston',
    state: 'MA',
    zip: '02210',
    contactName: 'Tax Desk',
    contactPhone: '6175550100',
    contactEmail: 'tax_desk@steadyline.example',
  },
  payer: {
    tin: '123456789',
    name: 'Steadyline Notes LLC',
    address: '100 Harbor Street, Suite 400',
    city: 'Boston',
    state: 'MA',
    zip: '02210',
    phone: '6175550100',
  },
  payees: [
    {
      accountNumber: 'A1B2C3D4E5F6A7B8C9D0',
      tin: '123-45-6789',
      firstName: 'José',
      lastName: "O'Brien",
      address: '1 Elm St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701-1234',
      interestCents: 123456n,
    },
    {
      accountNumber: 'FFFF0000111122223333',
      tin: '987654321',
      firstName: 'Mia',
      lastName: 'Li',
      address: '2 Oak Ave',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
      interestCents: 1000n,
    },
  ],
};

/** Pub 1220 positions are 1-based and inclusive. */
function at(record: string, start: number, end: number): string {
  return record.slice(start - 1, end);
}

describe('the Publication 1220 (FIRE) file for 1099-INT', () => {
  const file = buildFireFile(input);
  const records = file.match(/[\s\S]{750}/g) ?? [];

  it('is T, A, one B per form, C, F: each 750 bytes ending in CR LF, numbered in order', () => {
    expect(file.length).toBe(FIRE_RECORD_LENGTH * 6);
    expect(records.map((record) => record[0])).toEqual(['T', 'A', 'B', 'B', 'C', 'F']);
    records.forEach((record, index) => {
      expect(record.endsWith('\r\n')).toBe(true);
      expect(at(record, 500, 507)).toBe(String(index + 1).padStart(8, '0'));
    });
  });

  it('T record: year, TCC, test indicator, payee count, contact, in-house software', () => {
    const t = records[0]!;
    expect(at(t, 2, 5)).toBe('2025');
    expect(at(t, 7, 15)).toBe('123456789');
    expect(at(t, 16, 20)).toBe('AB123');
    expect(at(t, 28, 28)).toBe('T');
    expect(at(t, 30, 69).trimEnd()).toBe('STEADYLINE NOTES LLC');
    expect(at(t, 296, 303)).toBe('00000002');
    expect(at(t, 344, 358).trimEnd()).toBe('6175550100');
    expect(at(t, 359, 408).trimEnd()).toBe('tax_desk@steadyline.example');
    expect(at(t, 518, 518)).toBe('I');
  });

  it('A record: 1099-INT (type "6") with amount code 1 (interest income)', () => {
    const a = records[1]!;
    expect(at(a, 12, 20)).toBe('123456789');
    expect(at(a, 26, 27)).toBe('6 ');
    expect(at(a, 28, 45).trimEnd()).toBe('1');
    expect(at(a, 53, 92).trimEnd()).toBe('STEADYLINE NOTES LLC');
    expect(at(a, 133, 133)).toBe('0');
  });

  it('B record: TIN, name control, payment amount 1 in cents, address; other amounts zero', () => {
    const b = records[2]!;
    expect(at(b, 6, 6)).toBe(' ');
    expect(at(b, 7, 10)).toBe('OBRI');
    expect(at(b, 11, 11)).toBe('2');
    expect(at(b, 12, 20)).toBe('123456789');
    expect(at(b, 21, 40)).toBe('A1B2C3D4E5F6A7B8C9D0');
    expect(at(b, 55, 66)).toBe('000000123456');
    expect(at(b, 67, 270)).toBe('0'.repeat(204));
    expect(at(b, 288, 327).trimEnd()).toBe('JOSE O BRIEN');
    expect(at(b, 368, 407).trimEnd()).toBe('1 ELM ST');
    expect(at(b, 448, 487).trimEnd()).toBe('SPRINGFIELD');
    expect(at(b, 488, 489)).toBe('IL');
    expect(at(b, 490, 498)).toBe('627011234');
  });

  it('C record totals match the forms, F counts A records and payees', () => {
    const c = records[4]!;
    expect(at(c, 2, 9)).toBe('00000002');
    expect(at(c, 16, 33)).toBe('000000000000124456');
    const f = records[5]!;
    expect(at(f, 2, 9)).toBe('00000001');
    expect(at(f, 50, 57)).toBe('00000002');
  });

  it('a correction file marks every B record "G"', () => {
    const corrected = buildFireFile({ ...input, isCorrection: true, isTest: false });
    const [t, , b1, b2] = corrected.match(/[\s\S]{750}/g) ?? [];
    expect(at(t!, 28, 28)).toBe(' ');
    expect(at(b1!, 6, 6)).toBe('G');
    expect(at(b2!, 6, 6)).toBe('G');
  });

  it('cleans text and refuses a figure too large for its field', () => {
    expect(fireText('  Zoë  & Co.; <x> ')).toBe('ZOE & CO. X');
    expect(nameControl('de la Cruz')).toBe('DELA');
    expect(() =>
      buildFireFile({ ...input, payees: [{ ...input.payees[0]!, interestCents: 10n ** 13n }] }),
    ).toThrow();
  });
});
