/**
 * The portal's reads on the signed-in investor's own data: balance and history from the
 * ledger, keyset paging, CSV export, documents and the bell; another investor's ids and
 * anonymous callers are refused everywhere.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { identityVerifications, investorNotifications, referrals, taxRecords } from '../../db/schema';
import { signUpInvestor } from '../../test-support/investor-auth';
import { buyNote, type TestEngine } from '../../test-support/money-fixtures';
import {
  addBankAccount,
  type BankedInvestor,
  portalEngine,
  runMonthStarts,
  signUpBankedInvestor,
} from '../../test-support/portal-fixtures';
import { pdfTextLines } from '../../test-support/pdf-text';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { runLedgerCheck } from '../money/ledger-check';
import type { DocumentListResponse } from '../../../shared/portal/document-contracts';
import type { BalanceHistoryResponse, OverviewResponse } from '../../../shared/portal/portal-contracts';
import type { InvestmentPage, TransactionPage } from '../../../shared/portal/transaction-contracts';
import { addMoney } from '../../../shared/money/decimal-string';
import { formatUsd } from '../../../shared/format/money-format';

let testApp: TestApp;
let engine: TestEngine;
let ann: BankedInvestor;
let ben: BankedInvestor;
const notes: Record<string, string> = {};

async function get(cookie: string | null, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

beforeAll(async () => {
  testApp = await createTestApp();
  engine = portalEngine(testApp);
  ann = await signUpBankedInvestor(testApp, 'ann@example.com');
  ben = await signUpBankedInvestor(testApp, 'ben@example.com');
  notes.annHighYield = (
    await buyNote(engine, {
      investorId: ann.investorId,
      bankAccountId: ann.bankAccountId,
      investmentType: 'high_yield',
      principal: '20000.00',
      rate: '0.094',
      termYears: 3,
      startDate: '2024-05-06',
    })
  ).investmentId;
  notes.annStandard = (
    await buyNote(engine, {
      investorId: ann.investorId,
      bankAccountId: ann.bankAccountId,
      investmentType: 'standard',
      principal: '10000.00',
      rate: '0.08',
      startDate: '2024-05-06',
    })
  ).investmentId;
  notes.benStandard = (
    await buyNote(engine, {
      investorId: ben.investorId,
      bankAccountId: ben.bankAccountId,
      investmentType: 'standard',
      principal: '7500.00',
      rate: '0.08',
      startDate: '2024-06-03',
    })
  ).investmentId;
  await runMonthStarts(engine, '2024-05-06', '2026-03-01');
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

describe('every portal read needs the session', () => {
  it.each([
    '/api/portal/overview',
    '/api/portal/balance-history',
    '/api/portal/notifications',
    '/api/portal/transactions',
    '/api/portal/investments',
    '/api/portal/transactions/export.csv',
    '/api/portal/documents',
  ])('%s answers 401 without a session', async (url) => {
    const response = await get(null, url);
    expect(response.statusCode).toBe(401);
  });
});

describe('account overview', () => {
  it('sums the balance from the ledger, split by plan', async () => {
    const response = await get(ann.cookie, '/api/portal/overview');
    expect(response.statusCode).toBe(200);
    const body = response.json<OverviewResponse>();
    const ledger = rowsOf<{ investment_type: string; value: string }>(
      await testApp.context.db.execute(sql`
        select i.investment_type, sum(t.value_effect)::text as value
        from investment_transactions t join investments i on i.id = t.investment_id
        where t.investor_id = ${ann.investorId} group by i.investment_type`),
    );
    const ledgerValueOf = (type: string) => ledger.find((row) => row.investment_type === type)?.value;
    expect(body.balance.high_yield_total).toBe(ledgerValueOf('high_yield'));
    expect(body.balance.standard_total).toBe('10000.00');
    // High-Yield interest is credited to the note, so that plan grew past its principal.
    expect(Number(body.balance.high_yield_total)).toBeGreaterThan(20000);
    expect(body.balance.total_balance).toBe(
      (BigInt(body.balance.high_yield_total.replace('.', '')) + 1_000_000n)
        .toString()
        .replace(/(\d{2})$/, '.$1'),
    );
    expect(body.notes.map((note) => note.id).sort()).toEqual([notes.annHighYield, notes.annStandard].sort());
    expect(body.note_count).toBe(2);
    expect(body.referral.path).toMatch(/^\/signup\?ref=/);
    expect(body.referral.signups).toBe(0);
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });

  it('says what each High-Yield note does at maturity, as the note page does (issue 24 item 16)', async () => {
    await testApp.context.db.execute(
      sql`update investments set maturity_instruction = 'roll_over', rollover_term_years = 2 where id = ${notes.annHighYield}`,
    );
    const body = (await get(ann.cookie, '/api/portal/overview')).json<OverviewResponse>();
    const instructionOf = (id: string) => body.notes.find((note) => note.id === id)?.maturity_instruction;
    expect(instructionOf(notes.annHighYield!)).toEqual({ kind: 'roll_over', term_years: 2 });
    expect(instructionOf(notes.annStandard!)).toBeNull();
    const note = (await get(ann.cookie, `/api/portal/notes/${notes.annHighYield}`)).json<{
      maturity_instruction: unknown;
    }>();
    expect(note.maturity_instruction).toEqual({ kind: 'roll_over', term_years: 2 });
    await testApp.context.db.execute(
      sql`update investments set maturity_instruction = null, rollover_term_years = null where id = ${notes.annHighYield}`,
    );
  });

  it('says why purchases are not possible, one reason at a time (issue 24 item 15)', async () => {
    const holdOf = async (cookie: string) =>
      (await get(cookie, '/api/portal/overview')).json<OverviewResponse>().purchase_hold;
    expect(await holdOf(ann.cookie)).toBeNull();
    const dora = await signUpInvestor(testApp, { email: 'dora@example.com' });
    expect(await holdOf(dora.cookie)).toBe('identity_needed');
    const attempt = (status: string, watchlistStatus: string) =>
      testApp.context.db.insert(identityVerifications).values({
        investorId: dora.investorId,
        provider: 'sandbox',
        reference: `attempt-${status}-${watchlistStatus}`,
        status,
        providerStatus: status,
        watchlistStatus,
      });
    await attempt('rejected', 'not_screened');
    expect(await holdOf(dora.cookie)).toBe('identity_failed');
    await addBankAccount(testApp.context.db, dora.investorId, { verified: false });
    expect(await holdOf(dora.cookie)).toBe('identity_failed');
    await addBankAccount(testApp.context.db, dora.investorId, {
      verified: true,
      primary: false,
      lastFour: '1111',
    });
    expect(await holdOf(dora.cookie)).toBeNull();
    await attempt('approved', 'hit');
    expect(await holdOf(dora.cookie)).toBe('watchlist_review');
  });

  it('answers zeros and no notes for an investor who has not invested yet', async () => {
    const cleo = await signUpBankedInvestor(testApp, 'cleo@example.com');
    const body = (await get(cleo.cookie, '/api/portal/overview')).json<OverviewResponse>();
    expect(body).toMatchObject({
      first_name: null,
      balance: {
        total_balance: '0.00',
        high_yield_total: '0.00',
        standard_total: '0.00',
        accruing_interest: '0.00',
      },
      notes: [],
      note_count: 0,
      referral: { signups: 0 },
    });
    expect((await get(cleo.cookie, '/api/portal/balance-history')).json()).toEqual({ points: [] });
  });

  it('counts the investor’s referrals', async () => {
    await testApp.context.db
      .insert(referrals)
      .values({ referrerInvestorId: ann.investorId, referredInvestorId: ben.investorId, code: 'X' });
    const body = (await get(ann.cookie, '/api/portal/overview')).json<OverviewResponse>();
    expect(body.referral.signups).toBe(1);
    await testApp.context.db.execute(sql`delete from referrals`);
  });

  it('sums the open amounts owed to the investor, in the same answer as the notes', async () => {
    await testApp.context.db.execute(sql`
      insert into amounts_owed (investor_id, direction, amount, reason, status, resolved_at) values
        (${ann.investorId}, 'owed_to_investor', 12.34, 'bench', 'open', null),
        (${ann.investorId}, 'owed_to_investor', 100.01, 'bench', 'open', null),
        (${ann.investorId}, 'owed_to_investor', 50.00, 'bench', 'resolved', now()),
        (${ann.investorId}, 'owed_by_investor', 7.00, 'bench', 'open', null),
        (${ben.investorId}, 'owed_to_investor', 9.99, 'bench', 'open', null)`);
    const body = (await get(ann.cookie, '/api/portal/overview')).json<OverviewResponse>();
    expect(body.owed_to_you).toBe('112.35');
    expect(body.note_count).toBe(2);
    expect(body.notes).toHaveLength(2);
    await testApp.context.db.execute(sql`delete from amounts_owed where reason = 'bench'`);
    expect((await get(ann.cookie, '/api/portal/overview')).json<OverviewResponse>().owed_to_you).toBe('0.00');
  });

  it('plots the balance after each change and ends today at the current balance', async () => {
    const history = (await get(ann.cookie, '/api/portal/balance-history')).json<BalanceHistoryResponse>();
    const overview = (await get(ann.cookie, '/api/portal/overview')).json<OverviewResponse>();
    expect(history.points[0]).toEqual({ date: '2024-05-06', balance: '30000.00' });
    const dates = history.points.map((point) => point.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    const last = history.points[history.points.length - 1]!;
    expect(last.date).toBe(testApp.clock.today());
    expect(last.balance).toBe(overview.balance.total_balance);
  });
});

async function allPages(cookie: string, firstUrl: (cursor: string | null) => string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await get(cookie, firstUrl(cursor));
    expect(response.statusCode).toBe(200);
    const page: TransactionPage = response.json<TransactionPage>();
    ids.push(...page.transactions.map((row) => row.id));
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids, pages };
}

describe('transactions (List view)', () => {
  it('pages through every entry exactly once, newest first, though many share a timestamp', async () => {
    const count = rowsOf<{ count: number }>(
      await testApp.context.db.execute(
        sql`select count(*)::int as count from investment_transactions where investor_id = ${ann.investorId}`,
      ),
    )[0]!.count;
    const shared = rowsOf<{ count: number }>(
      await testApp.context.db.execute(sql`
        select count(*)::int as count from (select created_at from investment_transactions
          where investor_id = ${ann.investorId} group by created_at having count(*) > 1) s`),
    )[0]!.count;
    expect(shared).toBeGreaterThan(0);
    const { ids, pages } = await allPages(
      ann.cookie,
      (cursor) => `/api/portal/transactions?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(ids.length).toBe(count);
    expect(new Set(ids).size).toBe(count);
    expect(pages).toBe(Math.ceil(count / 10));
  });

  it('fills the detail fields and signs the amounts', async () => {
    const page = (await get(ann.cookie, '/api/portal/transactions?limit=50')).json<TransactionPage>();
    const instants = page.transactions.map((row) => row.created_at);
    expect([...instants].sort().reverse()).toEqual(instants);
    const interest = (
      await get(ann.cookie, '/api/portal/transactions?filter=interest&limit=10')
    ).json<TransactionPage>();
    expect(interest.transactions.length).toBe(10);
    for (const row of interest.transactions) {
      expect(row.transaction_type).toBe('interest_payment');
      expect(row.signed_amount).toBe(`+${row.amount}`);
      expect([notes.annHighYield, notes.annStandard]).toContain(row.investment_id);
      expect(row.principal_amount).toMatch(/^(20000|10000)\.00$/);
      expect(row.interest_rate_annual).toMatch(/^0\.(094|08)$/);
      expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    }
  });

  it('gives each entry its balance change, and the changes of all entries add up to the balance', async () => {
    const { ids } = await allPages(
      ann.cookie,
      (cursor) => `/api/portal/transactions?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
    );
    const rows: TransactionPage['transactions'] = [];
    let cursor: string | null = null;
    do {
      const page: TransactionPage = (
        await get(ann.cookie, `/api/portal/transactions?limit=50${cursor ? `&cursor=${cursor}` : ''}`)
      ).json<TransactionPage>();
      rows.push(...page.transactions);
      cursor = page.next_cursor;
    } while (cursor);
    expect(rows.length).toBe(ids.length);
    for (const row of rows) {
      if (row.transaction_type === 'interest_payment' && row.investment_type === 'standard') {
        expect(row.balance_change).toBe('0.00');
      } else if (row.transaction_type === 'interest_payment' || row.transaction_type === 'purchase') {
        expect(row.balance_change).toBe(`+${row.amount}`);
      }
    }
    const overview = (await get(ann.cookie, '/api/portal/overview')).json<OverviewResponse>();
    expect(addMoney(...rows.map((row) => row.balance_change.replace(/^\+/, '')))).toBe(
      overview.balance.total_balance,
    );
  });

  it('never shows another investor’s entries', async () => {
    const { ids } = await allPages(
      ben.cookie,
      (cursor) => `/api/portal/transactions?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
    );
    const owners = rowsOf<{ investor_id: string }>(
      await testApp.context.db.execute(
        sql`select distinct investor_id from investment_transactions where id in ${ids}`,
      ),
    );
    expect(owners).toEqual([{ investor_id: ben.investorId }]);
  });

  it('refuses a forged cursor and an unknown page size', async () => {
    expect((await get(ann.cookie, '/api/portal/transactions?cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await get(ann.cookie, '/api/portal/transactions?limit=1000')).statusCode).toBe(400);
  });
});

describe('transactions (By Investment view)', () => {
  it('lists the notes with their entry counts and pages each note’s entries', async () => {
    const page = (await get(ann.cookie, '/api/portal/investments?limit=10')).json<InvestmentPage>();
    expect(page.total).toBe(2);
    expect(page.next_cursor).toBeNull();
    const highYield = page.investments.find((row) => row.id === notes.annHighYield)!;
    expect(highYield.investment_type).toBe('high_yield');
    const { ids } = await allPages(
      ann.cookie,
      (cursor) =>
        `/api/portal/investments/${notes.annHighYield}/transactions?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(ids.length).toBe(highYield.transaction_count);
    expect(new Set(ids).size).toBe(ids.length);
    const standardOnly = (
      await get(ann.cookie, '/api/portal/investments?type=standard')
    ).json<InvestmentPage>();
    expect(standardOnly.investments.map((row) => row.id)).toEqual([notes.annStandard]);
  });

  it('pages the notes themselves by keyset', async () => {
    const first = (await get(ann.cookie, '/api/portal/investments?limit=10')).json<InvestmentPage>();
    expect(first.investments.map((row) => row.start_date)).toEqual(['2024-05-06', '2024-05-06']);
  });

  it('answers 404 for another investor’s investment', async () => {
    const response = await get(ann.cookie, `/api/portal/investments/${notes.benStandard}/transactions`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Investment not found' } });
  });
});

describe('EXPORT', () => {
  it('streams the List view as CSV with one line per entry of the tab', async () => {
    const response = await get(ann.cookie, '/api/portal/transactions/export.csv?view=list&filter=interest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="transactions-interest-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Date,Time,Type,Amount,Investment type,Principal,Rate (%),Transaction ID,Investment ID,Notes,Balance change',
    );
    const interestCount = rowsOf<{ count: number }>(
      await testApp.context.db.execute(sql`
        select count(*)::int as count from investment_transactions
        where investor_id = ${ann.investorId} and transaction_type = 'interest_payment'`),
    )[0]!.count;
    expect(lines.length - 1).toBe(interestCount);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2},\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2},Interest (paid to bank|added to note),\+\d+\.\d{2},(High Yield|Standard),/,
    );
  });

  it('gives each time its UTC offset in the business time zone, so it reads the same anywhere', async () => {
    expect(testApp.config.BUSINESS_TZ).toBe('America/New_York');
    const page = (
      await get(ann.cookie, '/api/portal/transactions?filter=interest&limit=10')
    ).json<TransactionPage>();
    const csv = await get(ann.cookie, '/api/portal/transactions/export.csv?view=list&filter=interest');
    const times = new Map(
      csv.body
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','))
        .map((record) => [record[7], record[1]]),
    );
    for (const entry of page.transactions) {
      const time = times.get(entry.id)!;
      expect(time).toMatch(/^\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      // The time and its offset name the very instant the entry was written.
      const [clock, sign, offsetHours, offsetMinutes] = /^(.{8})([+-])(\d{2}):(\d{2})$/.exec(time)!.slice(1);
      const offsetMs = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
      const localClock = new Date(new Date(entry.created_at).getTime() + offsetMs)
        .toISOString()
        .slice(11, 19);
      expect(clock).toBe(localClock);
      // The tests' business time zone is New York: Eastern Standard or Daylight Time.
      expect(['-05:00', '-04:00']).toContain(time.slice(8));
    }
  });

  it('names interest by where it went, as the portal does, with each entry’s balance change', async () => {
    const response = await get(ann.cookie, '/api/portal/transactions/export.csv?view=list&filter=interest');
    const records = response.body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    const standard = records.filter((record) => record[8] === notes.annStandard);
    const highYield = records.filter((record) => record[8] === notes.annHighYield);
    expect(standard.length).toBeGreaterThan(0);
    expect(highYield.length).toBeGreaterThan(0);
    for (const record of standard) {
      expect(record[2]).toBe('Interest paid to bank');
      expect(record[10]).toBe('0.00');
    }
    for (const record of highYield) {
      expect(record[2]).toBe('Interest added to note');
      expect(record[10]).toBe(record[3]);
    }
  });

  it('exports the By Investment view grouped by note', async () => {
    const response = await get(
      ann.cookie,
      '/api/portal/transactions/export.csv?view=investments&type=high_yield',
    );
    const lines = response.body.trim().split('\n').slice(1);
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line).toContain(notes.annHighYield);
  });
});

describe('documents', () => {
  it('lists the promissory notes and offers a PDF of the investor’s own note only', async () => {
    const list = (await get(ann.cookie, '/api/portal/documents')).json<DocumentListResponse>();
    expect(list.promissory_notes.map((note) => note.investment_id).sort()).toEqual(
      [notes.annHighYield, notes.annStandard].sort(),
    );
    const pdf = await get(ann.cookie, `/api/portal/documents/promissory-notes/${notes.annHighYield}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const foreign = await get(ann.cookie, `/api/portal/documents/promissory-notes/${notes.benStandard}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('says so when there is no tax record, and offers a 1099-INT only once the tax run has issued it', async () => {
    const before = (await get(ann.cookie, '/api/portal/documents')).json<DocumentListResponse>();
    expect(before.has_tax_record).toBe(false);
    expect(before.tax_forms).toEqual([]);
    const refused = await get(ann.cookie, '/api/portal/documents/tax-forms/2025');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toMatch(/tax details/);

    await testApp.context.db.insert(taxRecords).values({
      investorId: ann.investorId,
      legalFirstName: 'Ann',
      legalLastName: 'Lee',
      dateOfBirth: '1980-04-02',
      address1: '12 Elm Street',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
      ssnEncrypted: 'encrypted',
      ssnLastFour: '6789',
      kycStatus: 'approved',
      kycProvider: 'sandbox',
    });
    // The test clock is in March 2026: 2024 and 2025 have ended, but staff have not run their
    // tax runs, so no form is offered yet; each year with interest says when its form comes.
    const waiting = (await get(ann.cookie, '/api/portal/documents')).json<DocumentListResponse>();
    expect(waiting.has_tax_record).toBe(true);
    expect(waiting.tax_forms).toEqual([]);
    expect(waiting.upcoming_tax_forms).toEqual([
      { year: 2026, message: 'Your 2026 Form 1099-INT will be here by January 31, 2027.' },
      {
        year: 2025,
        message: 'Your 2025 Form 1099-INT is being prepared. We will let you know as soon as it is here.',
      },
      {
        year: 2024,
        message: 'Your 2024 Form 1099-INT is being prepared. We will let you know as soon as it is here.',
      },
    ]);
    const notIssued = await get(ann.cookie, '/api/portal/documents/tax-forms/2025');
    expect(notIssued.statusCode).toBe(404);
    expect(notIssued.json().error.message).toBe(
      'Your 2025 Form 1099-INT is being prepared. We will let you know as soon as it is here.',
    );
    const thisYear = await get(ann.cookie, '/api/portal/documents/tax-forms/2026');
    expect(thisYear.statusCode).toBe(404);
    expect(thisYear.json().error.message).toBe('Your 2026 Form 1099-INT will be here by January 31, 2027.');

    const operations = await signInTestAdmin(testApp, 'operations');
    const run = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/tax-runs',
      headers: operations.headers,
      payload: { tax_year: 2025 },
    });
    expect(run.statusCode, run.body).toBe(201);
    const after = (await get(ann.cookie, '/api/portal/documents')).json<DocumentListResponse>();
    const interest2025 = rowsOf<{ total: string }>(
      await testApp.context.db.execute(sql`
        select sum(amount)::text as total from investment_transactions
        where investor_id = ${ann.investorId} and transaction_type = 'interest_payment'
          and transaction_date between '2025-01-01' and '2025-12-31'`),
    )[0]!.total;
    expect(after.tax_forms).toEqual([{ year: 2025, interest: interest2025 }]);
    expect(after.upcoming_tax_forms.map((form) => form.year)).toEqual([2026, 2024]);
    const pdf = await get(ann.cookie, '/api/portal/documents/tax-forms/2025');
    expect(pdf.statusCode).toBe(200);
    const text = pdfTextLines(pdf.rawPayload).join('\n');
    expect(text).toContain(formatUsd(interest2025));
    expect(text).toContain('Ann Lee');
    expect((await get(ann.cookie, '/api/portal/documents/tax-forms/2024')).statusCode).toBe(404);
    expect((await get(ben.cookie, '/api/portal/documents/tax-forms/2025')).statusCode).toBe(404);
  });
});

describe('notifications under the bell', () => {
  it('lists the investor’s own notices, newest first, and marks them read', async () => {
    await testApp.context.db.insert(investorNotifications).values([
      {
        investorId: ann.investorId,
        kind: 'interest_payment',
        title: 'Older',
        body: 'a',
        createdAt: new Date('2026-01-01T12:00:00Z'),
      },
      {
        investorId: ann.investorId,
        kind: 'interest_payment',
        title: 'Newer',
        body: 'b',
        createdAt: new Date('2026-02-01T12:00:00Z'),
      },
      { investorId: ben.investorId, kind: 'interest_payment', title: 'Ben’s', body: 'c' },
    ]);
    const list = (await get(ann.cookie, '/api/portal/notifications')).json();
    // Only these two are Ann's so far; the message names anything else that arrived.
    expect(
      list.notifications.map(
        (notice: { title: string; created_at: string }) => `${notice.title} ${notice.created_at}`,
      ),
    ).toEqual(['Newer 2026-02-01T12:00:00.000Z', 'Older 2026-01-01T12:00:00.000Z']);
    expect(list.unread_count).toBe(2);
    const read = await testApp.app.inject({
      method: 'POST',
      url: '/api/portal/notifications/read',
      headers: { cookie: ann.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect((await get(ann.cookie, '/api/portal/notifications')).json().unread_count).toBe(0);
    expect((await get(ben.cookie, '/api/portal/notifications')).json().unread_count).toBe(1);
  });
});
