/**
 * Offerings and their limits through the API (issue 26 sections 1-2): staff create an offering
 * and move products into it; a Regulation A Tier 2 cap holds under 20 concurrent purchases; the
 * 10% rule at its edges (exactly at the limit, a cent over, income against net worth, the
 * 12-month window rolling off); the circular acknowledged before the first purchase, again for
 * a new version, and an old version's acknowledgement replayed is refused; refusals kept.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PurchaseRequest } from '../../../shared/purchases/purchase-contracts';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import { rowsOf } from '../../db/client';
import { investmentProducts } from '../../db/schema';
import { testOrigin } from '../../test-support/investor-auth';
import { type BankedInvestor, signUpBankedInvestor } from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { isPostgresRun } from '../../test-support/test-database';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';

let testApp: TestApp;
let operations: SignedInAdmin;
let support: SignedInAdmin;
let product: { id: string; rate: string };
let offeringId: string;

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'latin1');

async function query<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await testApp.context.db.execute(statement));
}

function body(investor: BankedInvestor, amount: string): PurchaseRequest {
  return {
    product_id: product.id,
    term_years: 3,
    amount,
    interest_rate_annual: product.rate,
    funding_account_id: investor.bankAccountId,
    agreement_version: AGREEMENT_VERSION,
    consent: true,
  };
}

async function buy(investor: BankedInvestor, amount: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/purchases',
    payload: body(investor, amount),
    headers: {
      origin: testOrigin,
      cookie: investor.cookie,
      'idempotency-key': randomBytes(16).toString('hex'),
    },
  });
}

async function asInvestor(
  investor: BankedInvestor,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
) {
  return testApp.app.inject({
    method,
    url,
    headers: { origin: testOrigin, cookie: investor.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function asAdmin(admin: SignedInAdmin, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: admin.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function setOffering(changes: Record<string, unknown>) {
  const current = (await asAdmin(operations, 'GET', `/api/admin/offerings/${offeringId}`)).json().offering;
  const response = await asAdmin(operations, 'PUT', `/api/admin/offerings/${offeringId}`, {
    offering: {
      name: current.name,
      exemption: current.exemption,
      qualification_date: current.qualification_date,
      maximum_per_12_months: current.maximum_per_12_months,
      status: current.status,
      requires_accreditation_evidence: current.requires_accreditation_evidence,
      ...changes,
    },
    updated_at: current.updated_at,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().offering;
}

async function uploadCircular(name: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/admin/offerings/${offeringId}/circulars?file_name=${name}`,
    payload: pdf(name),
    headers: { ...operations.headers, 'content-type': 'application/pdf' },
  });
}

async function saveProfile(investor: BankedInvestor, profile: Record<string, unknown>) {
  const response = await asInvestor(investor, 'PUT', '/api/settings/investor-profile', profile);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function acknowledge(investor: BankedInvestor, version: number) {
  return asInvestor(investor, 'POST', '/api/offerings/circular-acknowledgements', {
    offering_id: offeringId,
    version,
  });
}

let sequence = 0;
async function newInvestor(): Promise<BankedInvestor> {
  sequence += 1;
  return signUpBankedInvestor(testApp, `offering.${sequence}.${randomBytes(3).toString('hex')}@example.com`);
}

beforeAll(async () => {
  testApp = await createTestApp();
  operations = await signInTestAdmin(testApp, 'operations');
  support = await signInTestAdmin(testApp, 'support');
  const rows = await testApp.context.db.select().from(investmentProducts);
  const row = rows.find(
    (candidate) => candidate.investmentType === 'high_yield' && candidate.termYears === 3,
  )!;
  product = { id: row.id, rate: row.interestRateAnnual.replace(/0+$/, '') };
  const created = await asAdmin(operations, 'POST', '/api/admin/offerings', {
    name: 'Growth Notes 2026',
    exemption: 'reg_a_tier_2',
    qualification_date: '2026-01-15',
    maximum_per_12_months: '75000000',
    status: 'open',
    requires_accreditation_evidence: false,
  });
  expect(created.statusCode, created.body).toBe(201);
  offeringId = created.json().offering.id;
  const moved = await asAdmin(operations, 'PUT', `/api/admin/offerings/${offeringId}/products`, {
    product_ids: [product.id],
  });
  expect(moved.statusCode, moved.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

beforeEach(async () => {
  await testApp.context.db.execute(sql`delete from rate_limit_counters`);
});

describe('offerings in the back office', () => {
  it('lists every product in one offering: the default one and the new Tier 2 offering with its cap', async () => {
    const list = (await asAdmin(support, 'GET', '/api/admin/offerings')).json();
    const names = list.offerings.map((offering: { name: string }) => offering.name);
    expect(names).toEqual(['Notes offering', 'Growth Notes 2026']);
    const tier2 = list.offerings[1];
    expect(tier2).toMatchObject({
      exemption: 'reg_a_tier_2',
      maximum_per_12_months: '75000000.00',
      product_count: 1,
    });
    const unassigned = await query<{ count: number }>(
      sql`select count(*)::int as count from investment_products where offering_id is null`,
    );
    expect(unassigned[0]!.count).toBe(0);
    const detail = (await asAdmin(support, 'GET', `/api/admin/offerings/${offeringId}`)).json();
    expect(detail.products.map((row: { id: string }) => row.id)).toEqual([product.id]);
    expect(detail.other_products).toHaveLength(4);
    expect(detail.other_products[0].offering_name).toBe('Notes offering');
  });

  it('lets support read but not change an offering, and refuses a circular that is not a PDF', async () => {
    const refused = await asAdmin(support, 'POST', '/api/admin/offerings', {
      name: 'Support may not',
      exemption: 'none',
      qualification_date: null,
      maximum_per_12_months: null,
      status: 'open',
      requires_accreditation_evidence: false,
    });
    expect(refused.statusCode).toBe(403);
    const notPdf = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/offerings/${offeringId}/circulars?file_name=circular.pdf`,
      payload: Buffer.from('GIF89a not a pdf'),
      headers: { ...operations.headers, 'content-type': 'application/pdf' },
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.message).toBe('The circular must be a PDF file.');
  });
});

describe('the Tier 2 investor limit (10% of the greater of income and net worth)', () => {
  it('asks for the profile first, then allows exactly the limit and refuses a cent over with the amount left', async () => {
    const investor = await newInvestor();
    const before = await buy(investor, '5000');
    expect(before.statusCode).toBe(422);
    expect(before.json().error.message).toBe(
      'Please complete your investor profile before buying in this offering.',
    );
    // Income 100,000 and net worth 60,000: the limit is 10,000.00.
    await saveProfile(investor, { is_accredited: false, annual_income: '100000', net_worth: '60000' });
    const form = (
      await asInvestor(investor, 'GET', `/api/purchases/offering?product_id=${product.id}`)
    ).json();
    expect(form).toMatchObject({ amount_left: '10000.00', limited_by: 'investor', needs_profile: false });
    expect((await buy(investor, '5000')).statusCode).toBe(201);
    const over = await buy(investor, '5000.01');
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toContain('You can invest at most $5,000.00 more');
    expect((await buy(investor, '5000.00')).statusCode).toBe(201);
    const spent = await buy(investor, '5000');
    expect(spent.statusCode).toBe(422);
    expect(spent.json().error.message).toContain('You have reached your Regulation A investment limit');
    const refusals = await query<{ reason: string; amount: string; allowed: string }>(sql`
      select reason, amount::text as amount, allowed::text as allowed from offering_limit_refusals
      where investor_id = ${investor.investorId} order by id`);
    expect(refusals).toEqual([
      { reason: 'investor_limit', amount: '5000.01', allowed: '5000.00' },
      { reason: 'investor_limit', amount: '5000.00', allowed: '0.00' },
    ]);
    // Staff see the same figures and the refusals.
    const staffView = (
      await asAdmin(support, 'GET', `/api/admin/investors/${investor.investorId}/investor-profile`)
    ).json();
    expect(staffView.limit).toEqual({ limit: '10000.00', used_12_months: '10000.00', left: '0.00' });
    expect(staffView.refusals).toHaveLength(2);
  });

  it('takes net worth when it is the greater, and lets purchases roll off after 12 months', async () => {
    const investor = await newInvestor();
    await saveProfile(investor, { is_accredited: false, annual_income: '40000', net_worth: '150000' });
    expect((await buy(investor, '15000')).statusCode).toBe(201);
    const over = await buy(investor, '5000');
    expect(over.statusCode).toBe(422);
    // Sessions end when the clock jumps a year, so the sale is dated back instead (today is
    // 2026-03-10): sold on 2025-03-11 it still counts today; sold on 2025-03-10 it has rolled off.
    await testApp.context.db.execute(
      sql`update offering_sales set sold_on = '2025-03-11' where investor_id = ${investor.investorId}`,
    );
    expect((await buy(investor, '5000')).statusCode).toBe(422);
    await testApp.context.db.execute(
      sql`update offering_sales set sold_on = '2025-03-10' where investor_id = ${investor.investorId}`,
    );
    const form = (
      await asInvestor(investor, 'GET', `/api/purchases/offering?product_id=${product.id}`)
    ).json();
    expect(form.amount_left).toBe('15000.00');
    expect((await buy(investor, '15000')).statusCode).toBe(201);
  });

  it('asks again for a profile older than 12 months, and does not limit an accredited investor', async () => {
    const investor = await newInvestor();
    await saveProfile(investor, { is_accredited: true, accreditation_basis: 'net_worth' });
    expect((await buy(investor, '250000')).statusCode).toBe(201);
    await testApp.context.db.execute(
      sql`update investor_profiles set certified_at = '2025-03-10T12:00:00Z' where investor_id = ${investor.investorId}`,
    );
    const stale = await buy(investor, '5000');
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.message).toContain('more than 12 months old');
    const history = (
      await asAdmin(support, 'GET', `/api/admin/investors/${investor.investorId}/investor-profile`)
    ).json();
    expect(history.history).toHaveLength(1);
  });

  it('keeps income and net worth encrypted at rest', async () => {
    const investor = await newInvestor();
    await saveProfile(investor, { is_accredited: false, annual_income: '123456.78', net_worth: '98765.43' });
    const [row] = await query<{ income: string; worth: string }>(sql`
      select annual_income_encrypted as income, net_worth_encrypted as worth from investor_profiles
      where investor_id = ${investor.investorId}`);
    expect(row!.income).not.toContain('123456');
    expect(row!.worth).not.toContain('98765');
    const own = (await asInvestor(investor, 'GET', '/api/settings/investor-profile')).json();
    expect(own.profile).toMatchObject({ annual_income: '123456.78', net_worth: '98765.43' });
  });
});

describe('the offering circular', () => {
  it('is acknowledged before the first purchase and again for a new version; an old version replayed is refused', async () => {
    const investor = await newInvestor();
    await saveProfile(investor, { is_accredited: true, accreditation_basis: 'income' });
    expect((await uploadCircular('circular-v1.pdf')).statusCode).toBe(201);
    const unread = await buy(investor, '5000');
    expect(unread.statusCode).toBe(409);
    expect(unread.json().error.message).toBe(
      'Please read and acknowledge the offering circular before buying.',
    );
    const form = (
      await asInvestor(investor, 'GET', `/api/purchases/offering?product_id=${product.id}`)
    ).json();
    expect(form.circular_to_acknowledge).toMatchObject({ version: 1, file_name: 'circular-v1.pdf' });
    const file = await asInvestor(investor, 'GET', form.circular_to_acknowledge.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await acknowledge(investor, 1)).statusCode).toBe(201);
    expect((await buy(investor, '5000')).statusCode).toBe(201);

    expect((await uploadCircular('circular-v2.pdf')).statusCode).toBe(201);
    expect((await buy(investor, '5000')).statusCode).toBe(409);
    const replay = await acknowledge(investor, 1);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.message).toContain('has changed since you opened it');
    expect((await buy(investor, '5000')).statusCode).toBe(409);
    expect((await acknowledge(investor, 2)).statusCode).toBe(201);
    expect((await buy(investor, '5000')).statusCode).toBe(201);
    const recorded = await query<{ version: number; has_ip: boolean }>(sql`
      select version, ip_address is not null as has_ip from circular_acknowledgements
      where investor_id = ${investor.investorId} order by version`);
    expect(recorded).toEqual([
      { version: 1, has_ip: true },
      { version: 2, has_ip: true },
    ]);
  });
});

describe('the offering cap', () => {
  it(`never sells past the cap under 20 concurrent purchases (${isPostgresRun() ? 'PostgreSQL' : 'PGlite, serialised'})`, async () => {
    const buyers: BankedInvestor[] = [];
    for (let index = 0; index < 20; index += 1) {
      const investor = await newInvestor();
      await saveProfile(investor, { is_accredited: true, accreditation_basis: 'entity' });
      buyers.push(investor);
    }
    const circular = (await asAdmin(operations, 'GET', `/api/admin/offerings/${offeringId}`)).json().offering
      .current_circular;
    for (const investor of buyers) {
      if (circular) expect((await acknowledge(investor, circular.version)).statusCode).toBe(201);
    }
    const sold = (await asAdmin(operations, 'GET', `/api/admin/offerings/${offeringId}`)).json().offering
      .sold_12_months as string;
    // Room for exactly six purchases of 15,000 (and 10,000 to spare).
    const cap = (Number.parseFloat(sold) + 100000).toFixed(2);
    await setOffering({ maximum_per_12_months: cap });
    const responses = await Promise.all(buyers.map((investor) => buy(investor, '15000')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 422)).toHaveLength(14);
    const refusal = responses.find((response) => response.statusCode === 422)!;
    expect(refusal.json().error.message).toBe(
      'This purchase would take the offering past its maximum for the last 12 months. At most $10,000.00 can still be sold in it.',
    );
    const after = (await asAdmin(operations, 'GET', `/api/admin/offerings/${offeringId}`)).json();
    expect(after.offering.left_12_months).toBe('10000.00');
    expect(after.offering.is_near_cap).toBe(true);
    expect(after.capacity_by_day[0].left).toBe('10000.00');
    const caps = await query<{ count: number }>(
      sql`select count(*)::int as count from offering_limit_refusals where reason = 'offering_cap'`,
    );
    expect(caps[0]!.count).toBe(14);
  }, 120_000);

  it('refuses every purchase while the offering is paused', async () => {
    const investor = await newInvestor();
    await saveProfile(investor, { is_accredited: true, accreditation_basis: 'entity' });
    await setOffering({ status: 'paused', maximum_per_12_months: null });
    try {
      const response = await buy(investor, '5000');
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('This offering is not accepting purchases right now.');
    } finally {
      await setOffering({ status: 'open' });
    }
  });
});

describe('staff and the investor profile', () => {
  it('applies a staff change only when a second admin approves it, and keeps the history', async () => {
    const investor = await newInvestor();
    await saveProfile(investor, { is_accredited: true, accreditation_basis: 'net_worth' });
    const superAdmin = await signInTestAdmin(testApp, 'super_admin');
    const url = `/api/admin/investors/${investor.investorId}/investor-profile`;
    const proposed = await asAdmin(operations, 'POST', `${url}/overrides`, {
      profile: { is_accredited: false, annual_income: '50000', net_worth: '70000' },
      reason: 'Broker letter says the investor is not accredited',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const overrideId = proposed.json().overrides[0].id;
    expect(proposed.json().profile.is_accredited).toBe(true);
    const own = await asAdmin(operations, 'POST', `${url}/overrides/${overrideId}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('A change you proposed must be approved by another admin.');
    const bySupport = await asAdmin(support, 'POST', `${url}/overrides/${overrideId}/approve`);
    expect(bySupport.statusCode).toBe(403);
    const approved = await asAdmin(superAdmin, 'POST', `${url}/overrides/${overrideId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const view = approved.json();
    expect(view.profile).toMatchObject({
      is_accredited: false,
      annual_income: '50000.00',
      net_worth: '70000.00',
    });
    expect(view.limit.limit).toBe('7000.00');
    expect(view.history.map((entry: { changed_by: string }) => entry.changed_by)).toEqual([
      'staff',
      'investor',
    ]);
    expect(view.history[0]).toMatchObject({
      proposed_by_email: 'operations@staff.example',
      approved_by_email: 'super_admin@staff.example',
    });
    const again = await asAdmin(superAdmin, 'POST', `${url}/overrides/${overrideId}/reject`);
    expect(again.statusCode).toBe(409);
    const audit = await query<{ action: string; after: string }>(sql`
      select action, after::text as after from admin_audit_log
      where target_id = ${investor.investorId} order by id`);
    expect(audit.map((entry) => entry.action)).toEqual([
      'investor_profile.override_propose',
      'investor_profile.override_approve',
    ]);
    for (const entry of audit) expect(entry.after).not.toContain('50000');
  });

  it('refuses an accredited investor without accepted proof when the offering asks for it', async () => {
    const investor = await newInvestor();
    await saveProfile(investor, { is_accredited: true, accreditation_basis: 'professional_licence' });
    const circular = (await asAdmin(operations, 'GET', `/api/admin/offerings/${offeringId}`)).json().offering
      .current_circular;
    if (circular) expect((await acknowledge(investor, circular.version)).statusCode).toBe(201);
    await setOffering({ requires_accreditation_evidence: true, maximum_per_12_months: null });
    try {
      const refused = await buy(investor, '5000');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toContain('needs proof of your accredited status');
      const uploaded = await testApp.app.inject({
        method: 'POST',
        url: '/api/settings/investor-profile/evidence?file_name=cpa-letter.pdf',
        payload: pdf('letter'),
        headers: { origin: testOrigin, cookie: investor.cookie, 'content-type': 'application/pdf' },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const evidenceId = uploaded.json().evidence[0].id;
      expect(uploaded.json().evidence[0].status).toBe('pending');
      expect((await buy(investor, '5000')).statusCode).toBe(422);
      const reviewed = await asAdmin(
        operations,
        'POST',
        `/api/admin/investors/${investor.investorId}/evidence/${evidenceId}/review`,
        { status: 'approved' },
      );
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      expect((await buy(investor, '5000')).statusCode).toBe(201);
    } finally {
      await setOffering({ requires_accreditation_evidence: false });
    }
  });
});
