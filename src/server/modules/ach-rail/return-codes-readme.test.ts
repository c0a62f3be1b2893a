/**
 * The README names the ACH return codes the rail handles and what each does (issue 24 item 24):
 * its table must say what the code says, for every code the rail names.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { achReturnCodeLabels } from '../../../shared/payments/ach-states';
import { accountProblemReturnCodes } from './owed-credits';

const readme = readFileSync('README.md', 'utf8');
const rows = new Map(
  [...readme.matchAll(/^\| `(R\d\d)` \| ([^|]+) \| ([^|]+) \|$/gm)].map((match) => [
    match[1]!,
    { shownAs: match[2]!.trim(), paidAgain: match[3]!.trim() },
  ]),
);

describe('the README’s ACH return codes', () => {
  it('lists every code the rail names, as the rail shows it', () => {
    expect([...rows.keys()]).toEqual(Object.keys(achReturnCodeLabels));
    for (const [code, label] of Object.entries(achReturnCodeLabels)) {
      expect(rows.get(code)?.shownAs, code).toBe(label);
    }
  });

  it('says which codes keep an owed credit from going back into the same account', () => {
    for (const [code, row] of rows) {
      expect(row.paidAgain, code).toBe(
        accountProblemReturnCodes.has(code)
          ? 'only into another account (staff Resend into the same account is refused)'
          : 'into the same or another account',
      );
    }
  });

  it('says what a return, a failure and a cancellation do to a note purchase and to a credit', () => {
    expect(readme).toContain('- **Funding debit** (a note purchase) returned with any R code');
    expect(readme).toContain('or cancelled at the rail (`cancelled`): the note is cancelled');
    expect(readme).toContain(
      '- **Interest credit** returned, failed or cancelled, and **withdrawal credit** returned',
    );
    expect(readme).toContain(
      '- **Withdrawal credit** refused or cancelled before it moved: the funds go back',
    );
  });
});
