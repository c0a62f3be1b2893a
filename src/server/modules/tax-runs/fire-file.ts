/**
 * The IRS information return file for Form 1099-INT in the fixed-width format of Publication
 * 1220 (electronic filing through FIRE): one 750-byte T record (transmitter), one A record
 * (payer: type of return "6" = 1099-INT, amount codes "1" = interest income and, in a year with
 * early redemption penalties, "2" = early withdrawal penalty), one B record per form (payment
 * amounts 1 and 2 = boxes 1 and 2, in cents), one C record (count and control totals), one F
 * record (end of transmission). No K record: the platform does not take part in the Combined
 * Federal/State Filing program. Positions 749-750 of every record carry CR LF.
 *
 * No maintained JavaScript library writes this format (moov-io/irs is Go), so this is a small
 * formatter: each record is declared as fields (1-based start, length, kind) and checked to
 * cover exactly 748 positions without gaps or overlaps (fire-file.test.ts).
 */

export const FIRE_RECORD_LENGTH = 750;

type FieldKind = 'alpha' | 'numeric' | 'email';
interface Field {
  start: number;
  length: number;
  kind: FieldKind;
  value: string | number | bigint;
}

const alpha = (start: number, length: number, value = ''): Field => ({ start, length, kind: 'alpha', value });
const numeric = (start: number, length: number, value: string | number | bigint = 0): Field => ({
  start,
  length,
  kind: 'numeric',
  value,
});

/** Upper case letters, digits, space and the few marks Pub 1220 allows; accents dropped. */
export function fireText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 &\-/#.,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

function render(field: Field): string {
  if (field.kind === 'email') {
    const address = String(field.value).replace(/[^A-Za-z0-9@._+-]/g, '');
    return address.slice(0, field.length).padEnd(field.length, ' ');
  }
  if (field.kind === 'alpha')
    return fireText(String(field.value)).slice(0, field.length).padEnd(field.length, ' ');
  const digits = typeof field.value === 'string' ? digitsOnly(field.value) : field.value.toString();
  if (digits.length > field.length || digits.startsWith('-')) {
    throw new Error(`FIRE numeric field at ${field.start} cannot hold ${digits}`);
  }
  return digits.padStart(field.length, '0');
}

/** Lays the fields out over positions 1-748 (gaps are an error) and ends with CR LF. */
export function buildRecord(fields: Field[]): string {
  const sorted = [...fields].sort((left, right) => left.start - right.start);
  let position = 1;
  let record = '';
  for (const field of sorted) {
    if (field.start !== position)
      throw new Error(`FIRE record field at ${field.start}, expected ${position}`);
    record += render(field);
    position += field.length;
  }
  if (position !== 749) throw new Error(`FIRE record ends at ${position - 1}, expected 748`);
  return `${record}\r\n`;
}

export interface FireTransmitter {
  /** Nine digits (the EIN without its hyphen). */
  tin: string;
  tcc: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}

export type FirePayer = Omit<FireTransmitter, 'tcc' | 'contactName' | 'contactEmail' | 'contactPhone'> & {
  phone: string;
};

export interface FirePayee {
  /** The payer's account number for the payee: unique per payee, the same on corrections. */
  accountNumber: string;
  tin: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** Box 1, interest income, in cents. */
  interestCents: bigint;
  /** Box 2, early withdrawal penalty, in cents (payment amount 2). */
  earlyWithdrawalPenaltyCents?: bigint;
  /** Box 4, federal income tax withheld, in cents (payment amount 4). */
  federalTaxWithheldCents?: bigint;
}

/**
 * Payment amount N of a B record carries amount code N (Publication 1220, 1099-INT: 1 interest
 * income, 2 early withdrawal penalty, 4 federal income tax withheld). The A record lists the codes
 * the file uses, ascending; amount fields of codes not listed are zero.
 */
const payeeAmounts: { code: number; cents: (payee: FirePayee) => bigint }[] = [
  { code: 1, cents: (payee) => payee.interestCents },
  { code: 2, cents: (payee) => payee.earlyWithdrawalPenaltyCents ?? 0n },
  { code: 4, cents: (payee) => payee.federalTaxWithheldCents ?? 0n },
];

/** Box 1 always; boxes 2 and 4 when any form in the file has an amount there. */
export function amountCodesOf(payees: FirePayee[]): number[] {
  return payeeAmounts
    .filter((amount) => amount.code === 1 || payees.some((payee) => amount.cents(payee) > 0n))
    .map((amount) => amount.code);
}

function amountFor(payee: FirePayee, code: number, codes: number[]): bigint {
  if (!codes.includes(code)) return 0n;
  return payeeAmounts.find((amount) => amount.code === code)?.cents(payee) ?? 0n;
}

export interface FireFileInput {
  taxYear: number;
  /** A file for the FIRE test system. */
  isTest: boolean;
  /** Reporting a year before the one just ended (T record "P"). */
  isPriorYear: boolean;
  /** A correction file: every B record is a one-transaction correction ("G"). */
  isCorrection: boolean;
  transmitter: FireTransmitter;
  payer: FirePayer;
  payees: FirePayee[];
}

/** The first four letters of the surname, as the IRS matches names. */
export function nameControl(lastName: string): string {
  return fireText(lastName)
    .replace(/[^A-Z0-9&-]/g, '')
    .slice(0, 4);
}

function transmitterRecord(input: FireFileInput, sequence: number): string {
  const t = input.transmitter;
  return buildRecord([
    alpha(1, 1, 'T'),
    numeric(2, 4, input.taxYear),
    alpha(6, 1, input.isPriorYear ? 'P' : ''),
    numeric(7, 9, t.tin),
    alpha(16, 5, t.tcc),
    alpha(21, 7),
    alpha(28, 1, input.isTest ? 'T' : ''),
    alpha(29, 1),
    alpha(30, 40, t.name),
    alpha(70, 40),
    alpha(110, 40, t.name),
    alpha(150, 40),
    alpha(190, 40, t.address),
    alpha(230, 40, t.city),
    alpha(270, 2, t.state),
    alpha(272, 9, digitsOnly(t.zip)),
    alpha(281, 15),
    numeric(296, 8, input.payees.length),
    alpha(304, 40, t.contactName),
    alpha(344, 15, digitsOnly(t.contactPhone)),
    { start: 359, length: 50, kind: 'email', value: t.contactEmail },
    alpha(409, 91),
    numeric(500, 8, sequence),
    alpha(508, 10),
    alpha(518, 1, 'I'),
    alpha(519, 230),
  ]);
}

function payerRecord(input: FireFileInput, sequence: number): string {
  const p = input.payer;
  return buildRecord([
    alpha(1, 1, 'A'),
    numeric(2, 4, input.taxYear),
    alpha(6, 1),
    alpha(7, 5),
    numeric(12, 9, p.tin),
    alpha(21, 4, nameControl(p.name)),
    alpha(25, 1),
    alpha(26, 2, '6'),
    alpha(28, 18, amountCodesOf(input.payees).join('')),
    alpha(46, 6),
    alpha(52, 1),
    alpha(53, 40, p.name),
    alpha(93, 40),
    alpha(133, 1, '0'),
    alpha(134, 40, p.address),
    alpha(174, 40, p.city),
    alpha(214, 2, p.state),
    alpha(216, 9, digitsOnly(p.zip)),
    alpha(225, 15, digitsOnly(p.phone)),
    alpha(240, 260),
    numeric(500, 8, sequence),
    alpha(508, 241),
  ]);
}

function payeeRecord(input: FireFileInput, payee: FirePayee, sequence: number, codes: number[]): string {
  const amounts: Field[] = [];
  for (let index = 0; index < 18; index += 1) {
    amounts.push(numeric(55 + index * 12, 12, amountFor(payee, index + 1, codes)));
  }
  return buildRecord([
    alpha(1, 1, 'B'),
    numeric(2, 4, input.taxYear),
    alpha(6, 1, input.isCorrection ? 'G' : ''),
    alpha(7, 4, nameControl(payee.lastName)),
    alpha(11, 1, '2'),
    numeric(12, 9, payee.tin),
    alpha(21, 20, payee.accountNumber),
    alpha(41, 4),
    alpha(45, 10),
    ...amounts,
    alpha(271, 16),
    alpha(287, 1),
    alpha(288, 40, `${payee.firstName} ${payee.lastName}`),
    alpha(328, 40),
    alpha(368, 40, payee.address),
    alpha(408, 40),
    alpha(448, 40, payee.city),
    alpha(488, 2, payee.state),
    alpha(490, 9, digitsOnly(payee.zip)),
    alpha(499, 1),
    numeric(500, 8, sequence),
    alpha(508, 36),
    // 1099-INT positions 544-750: second TIN notice, foreign country, CUSIP, FATCA, special data,
    // state and local tax withheld, combined federal/state code: none apply.
    alpha(544, 205),
  ]);
}

function endOfPayerRecord(input: FireFileInput, sequence: number): string {
  const codes = amountCodesOf(input.payees);
  const totals: Field[] = [];
  for (let index = 0; index < 18; index += 1) {
    const total = input.payees.reduce((sum, payee) => sum + amountFor(payee, index + 1, codes), 0n);
    totals.push(numeric(16 + index * 18, 18, total));
  }
  return buildRecord([
    alpha(1, 1, 'C'),
    numeric(2, 8, input.payees.length),
    alpha(10, 6),
    ...totals,
    alpha(340, 160),
    numeric(500, 8, sequence),
    alpha(508, 241),
  ]);
}

function endOfTransmissionRecord(input: FireFileInput, sequence: number): string {
  return buildRecord([
    alpha(1, 1, 'F'),
    numeric(2, 8, 1),
    numeric(10, 21, 0),
    alpha(31, 19),
    numeric(50, 8, input.payees.length),
    alpha(58, 442),
    numeric(500, 8, sequence),
    alpha(508, 241),
  ]);
}

/** The whole file: T, A, B..., C, F, numbered 1, 2, 3 ... */
export function buildFireFile(input: FireFileInput): string {
  let sequence = 0;
  const next = () => {
    sequence += 1;
    return sequence;
  };
  const records = [transmitterRecord(input, next()), payerRecord(input, next())];
  const codes = amountCodesOf(input.payees);
  for (const payee of input.payees) records.push(payeeRecord(input, payee, next(), codes));
  records.push(endOfPayerRecord(input, next()), endOfTransmissionRecord(input, next()));
  return records.join('');
}
