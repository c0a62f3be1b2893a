/**
 * The code printed inside a consent's disclosure PDF (decision 1921). Typing it back shows the
 * investor opened a PDF, the format their records and tax forms come in (15 U.S.C.
 * 7001(c)(1)(C)(ii); the IRS's "in a manner that demonstrates access"). It is derived, not
 * stored: an HMAC of the kind, investor and disclosure version under the field encryption key,
 * so a new disclosure version gives a new code and nobody can work out another's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConsentKind } from '../../../shared/consents/consent-disclosures';

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function consentAccessCode(
  key: Buffer,
  kind: ConsentKind,
  investorId: string,
  version: string,
): string {
  const digest = createHmac('sha256', key)
    .update(`consent-access-code:${kind}:${investorId}:${version}`)
    .digest();
  let code = '';
  for (let index = 0; index < 6; index += 1) code += alphabet[digest[index]! % alphabet.length];
  return code;
}

export function isAccessCodeRight(
  key: Buffer,
  kind: ConsentKind,
  investorId: string,
  version: string,
  typed: string,
): boolean {
  const expected = Buffer.from(consentAccessCode(key, kind, investorId, version));
  const given = Buffer.from(typed.trim().toUpperCase().padEnd(6).slice(0, 6));
  return timingSafeEqual(expected, given);
}
