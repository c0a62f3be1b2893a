/**
 * The note page's API (issue 17): the math of every posting equals the ledger, the projection
 * ends at the value at maturity, and the instruction can be changed only to a term on offer and
 * only before maturity. A rollover made by a late run can be undone for 10 days from that run
 * (issue 24 item 7).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney } from '../../../shared/money/decimal-string';
import type { NoteDetailResponse } from '../../../shared/investments/note-detail-contracts';
import { rowsOf } from '../../db/client';
import { buyNote, runMoneyDay, type TestEngine } from '../../test-support/money-fixtures';
import {
  type BankedInvestor,
  portalEngine,
  runMonthStarts,
  signUpBankedInvestor,
} from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;
let engine: TestEngine;
let ann: BankedInvestor;
let noteId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  engine = portalEngine(testApp);
  ann = await signUpBankedInvestor(testApp, 'ann-notes@example.com');
  noteId = (
    await buyNote(engine, {
      investorId: ann.investorId,
      bankAccountId: ann.bankAccountId,
      investmentType: 'high_yield',
      principal: '20000.00',
      rate: '0.094',
      termYears: 3,
      startDate: '2024-05-06',
      maturityInstruction: { kind: 'pay_out' },
    })
  ).investmentId;
  await runMonthStarts(engine, '2024-05-06', '2026-03-01');
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

async function note(): Promise<NoteDetailResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/portal/notes/${noteId}`,
    headers: { cookie: ann.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function put(body: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'PUT',
    url: `/api/portal/notes/${noteId}/maturity-instruction`,
    headers: { cookie: ann.cookie },
    payload: body,
  });
}

describe('the note page', () => {
  it('shows every posting as the ledger holds it, and the projection to maturity', async () => {
    const detail = await note();
    expect(detail.postings.length).toBeGreaterThan(20);
    for (const row of detail.postings) expect(row.posted_amount ?? '0.00').toBe(row.amount);
    expect(detail.income_to_date).toBe(addMoney(...detail.postings.map((row) => row.amount)));
    const all = [...detail.postings, ...detail.projected_postings].map((row) => row.amount);
    expect(detail.projected_value_at_maturity).toBe(addMoney('20000.00', ...all));
    expect(detail.maturity_instruction).toEqual({ kind: 'pay_out' });
    expect(detail.rollover_terms).toContainEqual({ term_years: 3, interest_rate_annual: '0.094' });
  });

  it('changes the instruction to a term on offer, and refuses one that is not', async () => {
    expect((await put({ maturity_instruction: { kind: 'roll_over', term_years: 7 } })).statusCode).toBe(400);
    const saved = await put({ maturity_instruction: { kind: 'roll_over', term_years: 3 } });
    expect(saved.statusCode).toBe(200);
    expect((await note()).maturity_instruction).toEqual({ kind: 'roll_over', term_years: 3 });
    expect((await put({ maturity_instruction: { kind: 'hold' } })).statusCode).toBe(400);
  });

  it('offers the undo of a late rollover for 10 days from the run that made it', async () => {
    const { investmentId } = await buyNote(engine, {
      investorId: ann.investorId,
      bankAccountId: ann.bankAccountId,
      investmentType: 'high_yield',
      principal: '5000.00',
      rate: '0.09',
      termYears: 2,
      startDate: '2024-02-25',
      maturityInstruction: { kind: 'roll_over', term_years: 3 },
    });
    // Matured on 25 February 2026; the run that rolls it over comes on 6 March, and today is the 10th.
    for (const day of ['2024-02-27', '2026-03-06']) await runMoneyDay(engine, day);
    const [rolled] = rowsOf<{ id: string }>(
      await testApp.context.db.execute(
        sql`select id from investments where source_investment_id = ${investmentId}::uuid and origin = 'rollover'`,
      ),
    );
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/portal/notes/${rolled!.id}`,
      headers: { cookie: ann.cookie },
    });
    expect(response.json()).toMatchObject({
      origin: 'rollover',
      start_date: '2026-02-25',
      can_undo_rollover: true,
      undo_until: '2026-03-15',
    });
  });
});
