/** SQL of the consents to electronic delivery (decisions 1920-1922). */
import { sql } from 'drizzle-orm';
import type { ConsentKind } from '../../../shared/consents/consent-disclosures';
import { type Executor, rowsOf } from '../../db/client';

export interface LatestConsentRow {
  kind: ConsentKind;
  action: 'given' | 'withdrawn';
  disclosure_version: string;
  recorded_at: string;
}

export async function selectLatestConsents(db: Executor, investorId: string): Promise<LatestConsentRow[]> {
  return rowsOf<LatestConsentRow>(
    await db.execute(sql`
      select distinct on (kind) kind, action, disclosure_version,
             to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as recorded_at
      from electronic_consents where investor_id = ${investorId}::uuid
      order by kind, seq desc`),
  );
}

export async function insertConsentEvent(
  tx: Executor,
  input: {
    investorId: string;
    kind: ConsentKind;
    action: 'given' | 'withdrawn';
    version: string;
    now: Date;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into electronic_consents (investor_id, kind, action, disclosure_version, recorded_at, ip_address, user_agent)
    values (${input.investorId}::uuid, ${input.kind}, ${input.action}, ${input.version}, ${input.now.toISOString()},
            ${input.ipAddress}, ${input.userAgent})`);
}

/** Serialises one investor's consent changes (a double click records one event). */
export async function lockInvestor(tx: Executor, investorId: string): Promise<void> {
  await tx.execute(sql`select id from investors where id = ${investorId}::uuid for update`);
}

export interface MailingAddressRow {
  legal_first_name: string;
  legal_last_name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  postal_code: string;
}

export async function selectMailingAddress(
  db: Executor,
  investorId: string,
): Promise<MailingAddressRow | null> {
  const [row] = rowsOf<MailingAddressRow>(
    await db.execute(sql`
      select legal_first_name, legal_last_name, address1, address2, city, state, postal_code
      from tax_records where investor_id = ${investorId}::uuid`),
  );
  return row ?? null;
}

export function addressLines(row: MailingAddressRow): string[] {
  return [
    `${row.legal_first_name} ${row.legal_last_name}`.trim(),
    row.address1,
    ...(row.address2 ? [row.address2] : []),
    `${row.city}, ${row.state} ${row.postal_code}`,
  ];
}
