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
      earlyWithdrawalPenaltyCents: 0n,
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
      earlyWithdrawalPenaltyCents: 0n,
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

  it('a year with early redemption penalties adds amount code 2: box 2 in payment amount 2, its control total in C', () => {
    const withPenalty = buildFireFile({
      ...input,
      payees: [{ ...input.payees[0]!, earlyWithdrawalPenaltyCents: 25249n }, input.payees[1]!],
    });
    const [, a, b1, b2, c] = withPenalty.match(/[\s\S]{750}/g) ?? [];
    expect(at(a!, 28, 45).trimEnd()).toBe('12');
    expect(at(b1!, 55, 66)).toBe('000000123456');
    expect(at(b1!, 67, 78)).toBe('000000025249');
    expect(at(b2!, 67, 78)).toBe('000000000000');
    expect(at(c!, 16, 33)).toBe('000000000000124456');
    expect(at(c!, 34, 51)).toBe('000000000000025249');
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

/**
 * The positions checked against Publication 1220's record layouts (decision 1622 says which
 * sources): every record 750 bytes, each key field where the layout puts it, and the fields we
 * leave empty empty (no Combined Federal/State filing, so no K record and no state code).
 */
describe('the positions checked against the Publication 1220 layouts', () => {
  const records = buildFireFile(input).match(/[\s\S]{750}/g) ?? [];
  const [t, a, b, , c, f] = records as [string, string, string, string, string, string];
  const blank = (length: number) => ' '.repeat(length);
  const zeros = (length: number) => '0'.repeat(length);

  it('every record is 750 bytes: 748 of data and CR LF in 749-750; no K record', () => {
    expect(records).toHaveLength(6);
    for (const record of records) {
      expect(record).toHaveLength(750);
      expect(at(record, 749, 750)).toBe('\r\n');
      expect(record.slice(0, 748)).not.toMatch(/[\r\n]/);
    }
    expect(records.some((record) => record[0] === 'K')).toBe(false);
  });

  it('T: 1 type, 2-5 year, 6 prior-year, 7-15 TIN, 16-20 TCC, 28 test, 29 foreign, 110-149 company, 190-280 address, 296-303 payees, 500-507 sequence, 518 vendor', () => {
    expect(at(t, 1, 1)).toBe('T');
    expect(at(t, 6, 6)).toBe(' ');
    expect(at(t, 21, 27)).toBe(blank(7));
    expect(at(t, 29, 29)).toBe(' ');
    expect(at(t, 110, 149).trimEnd()).toBe('STEADYLINE NOTES LLC');
    expect(at(t, 190, 229).trimEnd()).toBe('100 HARBOR STREET, SUITE 400');
    expect(at(t, 230, 269).trimEnd()).toBe('BOSTON');
    expect(at(t, 270, 271)).toBe('MA');
    expect(at(t, 272, 280)).toBe('02210    ');
    expect(at(t, 281, 295)).toBe(blank(15));
    expect(at(t, 304, 343).trimEnd()).toBe('TAX DESK');
    expect(at(t, 409, 499)).toBe(blank(91));
    expect(at(t, 508, 517)).toBe(blank(10));
    // In-house software ("I"): the vendor fields stay blank.
    expect(at(t, 519, 748)).toBe(blank(230));
    const prior = buildFireFile({ ...input, isPriorYear: true }).slice(0, 750);
    expect(at(prior, 6, 6)).toBe('P');
  });

  it('A: 6 combined federal/state blank, 21-24 name control, 26-27 type "6", 28-45 amount code "1" only, 52 foreign blank, 134-239 address and phone', () => {
    expect(at(a, 1, 5)).toBe('A2025');
    expect(at(a, 6, 6)).toBe(' ');
    expect(at(a, 7, 11)).toBe(blank(5));
    expect(at(a, 21, 24)).toBe('STEA');
    expect(at(a, 25, 25)).toBe(' ');
    expect(at(a, 26, 27)).toBe('6 ');
    expect(at(a, 28, 45)).toBe(`1${blank(17)}`);
    expect(at(a, 46, 51)).toBe(blank(6));
    expect(at(a, 52, 52)).toBe(' ');
    expect(at(a, 93, 132)).toBe(blank(40));
    expect(at(a, 134, 173).trimEnd()).toBe('100 HARBOR STREET, SUITE 400');
    expect(at(a, 174, 213).trimEnd()).toBe('BOSTON');
    expect(at(a, 214, 215)).toBe('MA');
    expect(at(a, 216, 224)).toBe('02210    ');
    expect(at(a, 225, 239).trimEnd()).toBe('6175550100');
    expect(at(a, 240, 499)).toBe(blank(260));
    expect(at(a, 500, 507)).toBe('00000002');
    expect(at(a, 508, 748)).toBe(blank(241));
  });

  it('B: 11 TIN type "2" (SSN/ITIN), amounts 1-9, A-H, J in 55-270, 271-286 blank, 287 foreign blank, 1099-INT 544-748 blank (no state code in 747-748)', () => {
    expect(at(b, 1, 5)).toBe('B2025');
    expect(at(b, 11, 11)).toBe('2');
    expect(at(b, 41, 44)).toBe(blank(4));
    expect(at(b, 45, 54)).toBe(blank(10));
    // Eighteen 12-digit amounts: 1 is box 1 (interest income), the other seventeen zero.
    expect(at(b, 55, 270)).toBe(`000000123456${zeros(17 * 12)}`);
    expect(at(b, 271, 286)).toBe(blank(16));
    expect(at(b, 287, 287)).toBe(' ');
    expect(at(b, 328, 367)).toBe(blank(40));
    expect(at(b, 408, 447)).toBe(blank(40));
    expect(at(b, 499, 499)).toBe(' ');
    expect(at(b, 500, 507)).toBe('00000003');
    expect(at(b, 508, 543)).toBe(blank(36));
    // 544 second TIN notice, 547-586 foreign country, 587-599 CUSIP, 600 FATCA, 663-722 special
    // data, 723-734 / 735-746 state / local tax withheld, 747-748 combined federal/state code.
    expect(at(b, 544, 748)).toBe(blank(205));
  });

  it('C: 2-9 payees, 16-33 control total 1 = sum of payment amount 1, 34-339 totals 2-J zero, 340-499 blank', () => {
    expect(at(c, 1, 1)).toBe('C');
    expect(at(c, 2, 9)).toBe('00000002');
    expect(at(c, 10, 15)).toBe(blank(6));
    const bTotals = records
      .filter((record) => record[0] === 'B')
      .reduce((sum, record) => sum + BigInt(at(record, 55, 66)), 0n);
    expect(BigInt(at(c, 16, 33))).toBe(bTotals);
    expect(at(c, 34, 339)).toBe(zeros(17 * 18));
    expect(at(c, 340, 499)).toBe(blank(160));
    expect(at(c, 500, 507)).toBe('00000005');
    expect(at(c, 508, 748)).toBe(blank(241));
  });

  it('F: 2-9 A records, 10-30 zeros, 31-49 blank, 50-57 payees, 58-499 blank', () => {
    expect(at(f, 1, 9)).toBe('F00000001');
    expect(at(f, 10, 30)).toBe(zeros(21));
    expect(at(f, 31, 49)).toBe(blank(19));
    expect(at(f, 50, 57)).toBe('00000002');
    expect(at(f, 58, 499)).toBe(blank(442));
    expect(at(f, 500, 507)).toBe('00000006');
    expect(at(f, 508, 748)).toBe(blank(241));
  });
});

describe('boxes 2 and 4 in the FIRE file (issue 25)', () => {
  const withBoxes: FireFileInput = {
    ...input,
    payees: [
      { ...input.payees[0]!, earlyWithdrawalPenaltyCents: 1500n },
      { ...input.payees[1]!, federalTaxWithheldCents: 240n },
    ],
  };

  it('lists amount codes 1, 2 and 4 and carries each in its payment amount field', () => {
    const [, a, b1, b2, c] = buildFireFile(withBoxes).split('\r\n');
    expect(at(a!, 28, 45).trimEnd()).toBe('124');
    // Payment amount N sits at 55 + (N - 1) * 12 in the B record.
    expect(at(b1!, 55, 66)).toBe('000000123456');
    expect(at(b1!, 67, 78)).toBe('000000001500');
    expect(at(b1!, 91, 102)).toBe('000000000000');
    expect(at(b2!, 67, 78)).toBe('000000000000');
    expect(at(b2!, 91, 102)).toBe('000000000240');
    // Control total N sits at 16 + (N - 1) * 18 in the C record.
    expect(at(c!, 16, 33)).toBe('000000000000124456');
    expect(at(c!, 34, 51)).toBe('000000000000001500');
    expect(at(c!, 52, 69)).toBe('000000000000000000');
    expect(at(c!, 70, 87)).toBe('000000000000000240');
  });

  it('lists only code 1 while no form has box 2 or 4', () => {
    const [, a] = buildFireFile(input).split('\r\n');
    expect(at(a!, 28, 45).trimEnd()).toBe('1');
  });
});
