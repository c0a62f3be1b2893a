/** The only SQL of offerings, circulars, sales, investor profiles and their refusals. */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { AccreditationBasis, Exemption, OfferingStatus } from '../../../shared/offerings/offering-rules';
import { type Executor, rowsOf } from '../../db/client';

export interface OfferingRow {
  id: string;
  name: string;
  exemption: Exemption;
  qualification_date: IsoDate | null;
  maximum_per_12_months: string | null;
  status: OfferingStatus;
  requires_accreditation_evidence: boolean;
  is_default: boolean;
  updated_at: string;
}

const offeringColumns = sql`o.id, o.name, o.exemption, to_char(o.qualification_date, 'YYYY-MM-DD') as qualification_date,
  o.maximum_per_12_months::text as maximum_per_12_months, o.status, o.requires_accreditation_evidence, o.is_default,
  to_char(o.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at`;

export async function listOfferingRows(db: Executor): Promise<OfferingRow[]> {
  return rowsOf<OfferingRow>(
    await db.execute(
      sql`select ${offeringColumns} from offerings o order by o.is_default desc, o.created_at, o.id`,
    ),
  );
}

export async function findOffering(db: Executor, id: string, lock = false): Promise<OfferingRow | null> {
  const result = await db.execute(
    lock
      ? sql`select ${offeringColumns} from offerings o where o.id = ${id}::uuid for update`
      : sql`select ${offeringColumns} from offerings o where o.id = ${id}::uuid`,
  );
  return rowsOf<OfferingRow>(result)[0] ?? null;
}

export async function findOfferingOfProduct(db: Executor, productId: string): Promise<OfferingRow | null> {
  const result = await db.execute(
    sql`select ${offeringColumns} from offerings o join investment_products p on p.offering_id = o.id
        where p.id = ${productId}::uuid`,
  );
  return rowsOf<OfferingRow>(result)[0] ?? null;
}

/**
 * Takes the offering's row lock, so two sales of one offering are checked and counted one after
 * the other: the second sees the first's sale (decision 1931).
 */
export async function lockOffering(db: Executor, id: string): Promise<void> {
  await db.execute(sql`select id from offerings where id = ${id}::uuid for update`);
}

export interface OfferingWrite {
  name: string;
  exemption: Exemption;
  qualificationDate: IsoDate | null;
  maximum: string | null;
  status: OfferingStatus;
  requiresEvidence: boolean;
}

export async function insertOffering(db: Executor, input: OfferingWrite, now: Date): Promise<string> {
  const result = await db.execute(sql`
    insert into offerings (name, exemption, qualification_date, maximum_per_12_months, status,
                           requires_accreditation_evidence, created_at, updated_at)
    values (${input.name}, ${input.exemption}, ${input.qualificationDate}::date, ${input.maximum}::numeric,
            ${input.status}, ${input.requiresEvidence}, ${now}::timestamptz, ${now}::timestamptz)
    returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

export async function updateOffering(
  db: Executor,
  id: string,
  input: OfferingWrite,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update offerings set name = ${input.name}, exemption = ${input.exemption},
      qualification_date = ${input.qualificationDate}::date, maximum_per_12_months = ${input.maximum}::numeric,
      status = ${input.status}, requires_accreditation_evidence = ${input.requiresEvidence},
      updated_at = ${now}::timestamptz
    where id = ${id}::uuid`);
}

export async function moveProductsToOffering(
  db: Executor,
  offeringId: string,
  productIds: string[],
): Promise<number> {
  const result = await db.execute(sql`
    update investment_products set offering_id = ${offeringId}::uuid
    where id in (${sql.join(
      productIds.map((productId) => sql`${productId}::uuid`),
      sql`, `,
    )}) returning id`);
  return rowsOf<{ id: string }>(result).length;
}

export async function listOfferingProducts(
  db: Executor,
  offeringId: string,
): Promise<{ id: string; display_name: string; is_active: boolean }[]> {
  return rowsOf(
    await db.execute(sql`select id, display_name, is_active from investment_products
      where offering_id = ${offeringId}::uuid order by investment_type, term_years, display_name`),
  );
}

/** Products sold under other offerings, which staff may move into this one. */
export async function listProductsOutside(
  db: Executor,
  offeringId: string,
): Promise<{ id: string; display_name: string; offering_name: string }[]> {
  return rowsOf(
    await db.execute(sql`select p.id, p.display_name, o.name as offering_name
      from investment_products p join offerings o on o.id = p.offering_id
      where p.offering_id <> ${offeringId}::uuid order by p.investment_type, p.term_years, p.display_name limit 200`),
  );
}

export async function countProductsByOffering(db: Executor): Promise<Map<string, number>> {
  const rows = rowsOf<{ offering_id: string; products: number }>(
    await db.execute(
      sql`select offering_id, count(*)::int as products from investment_products group by offering_id`,
    ),
  );
  return new Map(rows.map((row) => [row.offering_id, Number(row.products)]));
}

// ---------------------------------------------------------------- sales

/** What the offering sold from `from` to `to` (inclusive), notes later cancelled for failed funding excluded. */
export async function soldInOffering(
  db: Executor,
  offeringId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<string> {
  const result = await db.execute(sql`
    select coalesce(sum(s.amount), 0)::text as sold
    from offering_sales s join investments i on i.id = s.investment_id
    where s.offering_id = ${offeringId}::uuid and s.sold_on between ${from}::date and ${to}::date
      and i.status <> 'cancelled'`);
  return rowsOf<{ sold: string }>(result)[0]?.sold ?? '0';
}

/** What the investor bought in every Regulation A Tier 2 offering from `from` to `to` (the 10% rule's scope). */
export async function boughtInTier2(
  db: Executor,
  investorId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<string> {
  const result = await db.execute(sql`
    select coalesce(sum(s.amount), 0)::text as bought
    from offering_sales s join offerings o on o.id = s.offering_id join investments i on i.id = s.investment_id
    where s.investor_id = ${investorId}::uuid and o.exemption = 'reg_a_tier_2'
      and s.sold_on between ${from}::date and ${to}::date and i.status <> 'cancelled'`);
  return rowsOf<{ bought: string }>(result)[0]?.bought ?? '0';
}

export async function insertSale(
  db: Executor,
  sale: {
    offeringId: string;
    investorId: string;
    investmentId: string;
    kind: 'purchase' | 'conversion' | 'rollover';
    amount: string;
    soldOn: IsoDate;
    now: Date;
  },
): Promise<void> {
  await db.execute(sql`
    insert into offering_sales (offering_id, investor_id, investment_id, kind, amount, sold_on, created_at)
    values (${sale.offeringId}::uuid, ${sale.investorId}::uuid, ${sale.investmentId}::uuid, ${sale.kind},
            ${sale.amount}::numeric, ${sale.soldOn}::date, ${sale.now}::timestamptz)`);
}

/** Sales per day over `days` days ending `to`, with the 12-month total at each day. */
export async function salesByDay(
  db: Executor,
  offeringId: string,
  to: IsoDate,
  days: number,
): Promise<{ day: IsoDate; sold: string; sold_12_months: string }[]> {
  return rowsOf(
    await db.execute(sql`
      with days as (
        select (${to}::date - n)::date as day from generate_series(0, ${days - 1}) as n
      )
      select to_char(d.day, 'YYYY-MM-DD') as day,
        (select coalesce(sum(s.amount), 0) from offering_sales s join investments i on i.id = s.investment_id
          where s.offering_id = ${offeringId}::uuid and s.sold_on = d.day and i.status <> 'cancelled')::text as sold,
        (select coalesce(sum(s.amount), 0) from offering_sales s join investments i on i.id = s.investment_id
          where s.offering_id = ${offeringId}::uuid and i.status <> 'cancelled'
            and s.sold_on > (d.day - interval '12 months')::date and s.sold_on <= d.day)::text as sold_12_months
      from days d order by d.day desc`),
  );
}

// ---------------------------------------------------------------- circulars

export interface CircularRow {
  id: string;
  offering_id: string;
  version: number;
  file_name: string;
  byte_size: number;
  sha256: string;
  uploaded_at: string;
  uploaded_by_email: string | null;
}

const circularColumns = sql`c.id, c.offering_id, c.version, c.file_name, c.byte_size, c.sha256,
  to_char(c.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as uploaded_at, a.email as uploaded_by_email`;

export async function listCirculars(db: Executor, offeringId: string): Promise<CircularRow[]> {
  return rowsOf<CircularRow>(
    await db.execute(sql`select ${circularColumns} from offering_circulars c left join admin_users a on a.id = c.uploaded_by
      where c.offering_id = ${offeringId}::uuid order by c.version desc`),
  );
}

export async function currentCircular(db: Executor, offeringId: string): Promise<CircularRow | null> {
  return (
    rowsOf<CircularRow>(
      await db.execute(sql`select ${circularColumns} from offering_circulars c left join admin_users a on a.id = c.uploaded_by
        where c.offering_id = ${offeringId}::uuid order by c.version desc limit 1`),
    )[0] ?? null
  );
}

export async function insertCircular(
  db: Executor,
  input: {
    offeringId: string;
    fileName: string;
    content: Buffer;
    sha256: string;
    adminId: string;
    now: Date;
  },
): Promise<number> {
  await lockOffering(db, input.offeringId);
  const result = await db.execute(sql`
    insert into offering_circulars (offering_id, version, file_name, byte_size, sha256, content, uploaded_by, uploaded_at)
    values (${input.offeringId}::uuid,
            (select coalesce(max(version), 0) + 1 from offering_circulars where offering_id = ${input.offeringId}::uuid),
            ${input.fileName}, ${input.content.length}, ${input.sha256}, ${input.content}, ${input.adminId}::uuid,
            ${input.now}::timestamptz)
    returning version`);
  return Number(rowsOf<{ version: number }>(result)[0]!.version);
}

export async function readCircularContent(
  db: Executor,
  offeringId: string,
  version: number,
): Promise<{ file_name: string; content: Buffer } | null> {
  const row = rowsOf<{ file_name: string; content: Buffer | Uint8Array }>(
    await db.execute(sql`select file_name, content from offering_circulars
      where offering_id = ${offeringId}::uuid and version = ${version}`),
  )[0];
  return row ? { file_name: row.file_name, content: Buffer.from(row.content) } : null;
}

export async function hasAcknowledged(
  db: Executor,
  investorId: string,
  circularId: string,
): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from circular_acknowledgements
    where investor_id = ${investorId}::uuid and circular_id = ${circularId}::uuid) as found`);
  return rowsOf<{ found: boolean }>(result)[0]?.found ?? false;
}

export async function insertAcknowledgement(
  db: Executor,
  input: {
    investorId: string;
    offeringId: string;
    circularId: string;
    version: number;
    now: Date;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<string> {
  const result = await db.execute(sql`
    insert into circular_acknowledgements (investor_id, offering_id, circular_id, version, acknowledged_at, ip_address, user_agent)
    values (${input.investorId}::uuid, ${input.offeringId}::uuid, ${input.circularId}::uuid, ${input.version},
            ${input.now}::timestamptz, ${input.ipAddress}, ${input.userAgent})
    on conflict (investor_id, circular_id) do update set investor_id = excluded.investor_id
    returning to_char(acknowledged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as acknowledged_at`);
  return rowsOf<{ acknowledged_at: string }>(result)[0]!.acknowledged_at;
}

// ---------------------------------------------------------------- profiles

export interface ProfileRow {
  is_accredited: boolean;
  accreditation_basis: AccreditationBasis | null;
  annual_income_encrypted: string | null;
  net_worth_encrypted: string | null;
  certified_on: IsoDate;
}

export async function findProfile(db: Executor, investorId: string): Promise<ProfileRow | null> {
  return (
    rowsOf<ProfileRow>(
      await db.execute(sql`select is_accredited, accreditation_basis, annual_income_encrypted, net_worth_encrypted,
        to_char(certified_at at time zone 'UTC', 'YYYY-MM-DD') as certified_on
        from investor_profiles where investor_id = ${investorId}::uuid`),
    )[0] ?? null
  );
}

export interface ProfileWrite {
  isAccredited: boolean;
  basis: AccreditationBasis | null;
  incomeEncrypted: string | null;
  netWorthEncrypted: string | null;
}

/** Writes the profile and its history entry (who changed it, and for staff who approved it). */
export async function saveProfile(
  db: Executor,
  investorId: string,
  profile: ProfileWrite,
  change: { by: 'investor' | 'staff'; proposedBy?: string; approvedBy?: string; reason?: string; now: Date },
): Promise<void> {
  await db.execute(sql`
    insert into investor_profiles (investor_id, is_accredited, accreditation_basis, annual_income_encrypted,
                                   net_worth_encrypted, certified_at, updated_at)
    values (${investorId}::uuid, ${profile.isAccredited}, ${profile.basis}, ${profile.incomeEncrypted},
            ${profile.netWorthEncrypted}, ${change.now}::timestamptz, ${change.now}::timestamptz)
    on conflict (investor_id) do update set is_accredited = excluded.is_accredited,
      accreditation_basis = excluded.accreditation_basis, annual_income_encrypted = excluded.annual_income_encrypted,
      net_worth_encrypted = excluded.net_worth_encrypted, certified_at = excluded.certified_at,
      updated_at = excluded.updated_at`);
  await db.execute(sql`
    insert into investor_profile_history (investor_id, is_accredited, accreditation_basis, annual_income_encrypted,
      net_worth_encrypted, changed_by, proposed_by_admin_id, approved_by_admin_id, reason, created_at)
    values (${investorId}::uuid, ${profile.isAccredited}, ${profile.basis}, ${profile.incomeEncrypted},
      ${profile.netWorthEncrypted}, ${change.by}, ${change.proposedBy ?? null}::uuid, ${change.approvedBy ?? null}::uuid,
      ${change.reason ?? null}, ${change.now}::timestamptz)`);
}

export interface HistoryRow {
  id: number;
  is_accredited: boolean;
  accreditation_basis: AccreditationBasis | null;
  annual_income_encrypted: string | null;
  net_worth_encrypted: string | null;
  changed_by: 'investor' | 'staff';
  proposed_by_email: string | null;
  approved_by_email: string | null;
  reason: string | null;
  created_at: string;
}

export async function listProfileHistory(db: Executor, investorId: string): Promise<HistoryRow[]> {
  return rowsOf<HistoryRow>(
    await db.execute(sql`select h.id::int as id, h.is_accredited, h.accreditation_basis, h.annual_income_encrypted,
        h.net_worth_encrypted, h.changed_by, p.email as proposed_by_email, a.email as approved_by_email, h.reason,
        to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
      from investor_profile_history h
      left join admin_users p on p.id = h.proposed_by_admin_id left join admin_users a on a.id = h.approved_by_admin_id
      where h.investor_id = ${investorId}::uuid order by h.id desc limit 50`),
  );
}

// ---------------------------------------------------------------- overrides (four-eyes)

export interface OverrideRow {
  id: string;
  investor_id: string;
  is_accredited: boolean;
  accreditation_basis: AccreditationBasis | null;
  annual_income_encrypted: string | null;
  net_worth_encrypted: string | null;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  proposed_by_id: string;
  proposed_by_email: string;
  decided_by_email: string | null;
  created_at: string;
}

const overrideColumns = sql`o.id, o.investor_id, o.is_accredited, o.accreditation_basis, o.annual_income_encrypted,
  o.net_worth_encrypted, o.reason, o.status, o.proposed_by as proposed_by_id, p.email as proposed_by_email,
  d.email as decided_by_email, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

export async function listOverrides(db: Executor, investorId: string): Promise<OverrideRow[]> {
  return rowsOf<OverrideRow>(
    await db.execute(sql`select ${overrideColumns} from investor_profile_overrides o
      join admin_users p on p.id = o.proposed_by left join admin_users d on d.id = o.decided_by
      where o.investor_id = ${investorId}::uuid order by o.created_at desc limit 20`),
  );
}

export async function lockOverride(db: Executor, id: string): Promise<OverrideRow | null> {
  return (
    rowsOf<OverrideRow>(
      await db.execute(sql`select ${overrideColumns} from investor_profile_overrides o
        join admin_users p on p.id = o.proposed_by left join admin_users d on d.id = o.decided_by
        where o.id = ${id}::uuid for update of o`),
    )[0] ?? null
  );
}

export async function insertOverride(
  db: Executor,
  input: { investorId: string; profile: ProfileWrite; reason: string; adminId: string; now: Date },
): Promise<string> {
  const result = await db.execute(sql`
    insert into investor_profile_overrides (investor_id, is_accredited, accreditation_basis, annual_income_encrypted,
      net_worth_encrypted, reason, proposed_by, created_at)
    values (${input.investorId}::uuid, ${input.profile.isAccredited}, ${input.profile.basis},
      ${input.profile.incomeEncrypted}, ${input.profile.netWorthEncrypted}, ${input.reason}, ${input.adminId}::uuid,
      ${input.now}::timestamptz)
    returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

export async function decideOverride(
  db: Executor,
  id: string,
  status: 'approved' | 'rejected',
  adminId: string,
  now: Date,
): Promise<void> {
  await db.execute(sql`update investor_profile_overrides set status = ${status}, decided_by = ${adminId}::uuid,
    decided_at = ${now}::timestamptz where id = ${id}::uuid`);
}

// ---------------------------------------------------------------- refusals and evidence

export type RefusalReason =
  | 'offering_cap'
  | 'investor_limit'
  | 'not_accredited'
  | 'evidence_required'
  | 'profile_required';

export async function insertRefusal(
  db: Executor,
  refusal: {
    investorId: string;
    offeringId: string;
    kind: 'purchase' | 'conversion' | 'rollover';
    reason: RefusalReason;
    amount: string;
    allowed: string;
    now: Date;
  },
): Promise<void> {
  await db.execute(sql`
    insert into offering_limit_refusals (investor_id, offering_id, kind, reason, amount, allowed, created_at)
    values (${refusal.investorId}::uuid, ${refusal.offeringId}::uuid, ${refusal.kind}, ${refusal.reason},
            ${refusal.amount}::numeric, ${refusal.allowed}::numeric, ${refusal.now}::timestamptz)`);
}

export async function listRefusals(
  db: Executor,
  investorId: string,
): Promise<
  {
    id: number;
    offering_name: string;
    kind: 'purchase' | 'conversion' | 'rollover';
    reason: RefusalReason;
    amount: string;
    allowed: string;
    created_at: string;
  }[]
> {
  return rowsOf(
    await db.execute(sql`select r.id::int as id, o.name as offering_name, r.kind, r.reason, r.amount::text as amount,
        r.allowed::text as allowed, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
      from offering_limit_refusals r join offerings o on o.id = r.offering_id
      where r.investor_id = ${investorId}::uuid order by r.created_at desc, r.id desc limit 50`),
  );
}

export interface EvidenceRow {
  id: string;
  file_name: string;
  status: 'pending' | 'approved' | 'rejected';
  uploaded_at: string;
  reviewed_at: string | null;
}

export async function listEvidence(db: Executor, investorId: string): Promise<EvidenceRow[]> {
  return rowsOf<EvidenceRow>(
    await db.execute(sql`select id, file_name, status,
        to_char(uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as uploaded_at,
        to_char(reviewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as reviewed_at
      from accreditation_evidence where investor_id = ${investorId}::uuid order by uploaded_at desc limit 20`),
  );
}

export async function hasApprovedEvidence(db: Executor, investorId: string): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from accreditation_evidence
    where investor_id = ${investorId}::uuid and status = 'approved') as found`);
  return rowsOf<{ found: boolean }>(result)[0]?.found ?? false;
}

export async function insertEvidence(
  db: Executor,
  input: { investorId: string; fileName: string; contentType: string; content: Buffer; now: Date },
): Promise<string> {
  const result = await db.execute(sql`
    insert into accreditation_evidence (investor_id, file_name, content_type, content, uploaded_at)
    values (${input.investorId}::uuid, ${input.fileName}, ${input.contentType}, ${input.content}, ${input.now}::timestamptz)
    returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

export async function readEvidence(
  db: Executor,
  investorId: string,
  id: string,
): Promise<{ file_name: string; content_type: string; content: Buffer; status: string } | null> {
  const row = rowsOf<{
    file_name: string;
    content_type: string;
    content: Buffer | Uint8Array;
    status: string;
  }>(
    await db.execute(sql`select file_name, content_type, content, status from accreditation_evidence
      where id = ${id}::uuid and investor_id = ${investorId}::uuid`),
  )[0];
  return row ? { ...row, content: Buffer.from(row.content) } : null;
}

export async function reviewEvidence(
  db: Executor,
  input: { investorId: string; id: string; status: 'approved' | 'rejected'; adminId: string; now: Date },
): Promise<boolean> {
  const result = await db.execute(sql`update accreditation_evidence set status = ${input.status},
      reviewed_by = ${input.adminId}::uuid, reviewed_at = ${input.now}::timestamptz
    where id = ${input.id}::uuid and investor_id = ${input.investorId}::uuid returning id`);
  return rowsOf(result).length > 0;
}
