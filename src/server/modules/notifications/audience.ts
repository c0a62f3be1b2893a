/**
 * Who a campaign reaches (PRODUCT.md 27). One WHERE clause serves the preview count, the
 * recipient list frozen when a campaign is claimed, and the consent re-check just before each
 * message, so the preview and the send can never disagree about the rule.
 *
 * An investor receives marketing on a channel only when they opted in on that channel
 * (off by default; no preferences row means off); SMS also needs the TCPA consent recorded at
 * opt-in and a verified phone. Closed accounts never receive marketing.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { NotificationChannel } from '../../../shared/notifications/contracts';
import type { TargetFilters } from '../../../shared/notifications/campaign-filters';
import { balanceStatuses } from '../../../shared/ledger/ledger-model';
import { type Executor, rowsOf } from '../../db/client';

/** investors i, their user u (phone verification) and preferences p. */
const audienceFrom = sql`investors i
  join users u on u.id = i.user_id
  left join notification_preferences p on p.investor_id = i.id`;

/** Consent on the channel; evaluated again right before each message is sent. */
export function consentCondition(channel: NotificationChannel): SQL {
  const reachable = sql`i.status <> 'closed'`;
  if (channel === 'email') return sql`(${reachable} and coalesce(p.marketing_email, false))`;
  return sql`(${reachable}
    and coalesce(p.marketing_sms, false)
    and p.marketing_sms_consent_at is not null
    and i.phone is not null
    and u.phone_verified_at is not null
    and u.phone_e164 = i.phone)`;
}

function filterCondition(filters: TargetFilters): SQL {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(sql`i.status = ${filters.status}`);
  if (filters.investment_type) {
    conditions.push(sql`exists (
      select 1 from investments n
      where n.investor_id = i.id and n.status = 'active' and n.investment_type = ${filters.investment_type})`);
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

function audienceWhere(filters: TargetFilters, channel: NotificationChannel): SQL {
  return sql`${consentCondition(channel)} and ${filterCondition(filters)}`;
}

/** Preview Recipients: the number of investors the campaign would reach now. */
export async function countAudience(
  db: Executor,
  filters: TargetFilters,
  channel: NotificationChannel,
): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as count from ${audienceFrom} where ${audienceWhere(filters, channel)}`,
  );
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

/**
 * Freezes the audience as one pending delivery per investor (unique per campaign), in the
 * transaction that claims the campaign. Returns how many rows exist for the campaign.
 */
export async function materializeAudience(
  tx: Executor,
  campaignId: string,
  filters: TargetFilters,
  channel: NotificationChannel,
): Promise<number> {
  await tx.execute(sql`
    insert into notification_deliveries (campaign_id, investor_id, channel, kind, status)
    select ${campaignId}::uuid, i.id, ${channel}, 'marketing', 'pending'
    from ${audienceFrom}
    where ${audienceWhere(filters, channel)}
    on conflict (campaign_id, investor_id) where campaign_id is not null do nothing`);
  const result = await tx.execute(
    sql`select count(*)::int as count from notification_deliveries where campaign_id = ${campaignId}::uuid`,
  );
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

/** The investor i's balance: the value of their active and matured notes, from the ledger (PRODUCT.md 12). */
export const investorBalance = sql`coalesce((
  select sum(t.value_effect) from investment_transactions t
  join investments n on n.id = t.investment_id
  where t.investor_id = i.id and n.status in (${sql.join(
    balanceStatuses.map((status) => sql`${status}`),
    sql`, `,
  )})
), 0)::numeric(14, 2)::text`;

export interface BatchRecipient {
  delivery_id: string;
  investor_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  created_at: Date | string;
  total_balance: string;
  /** Still consents on the channel right now. */
  is_eligible: boolean;
}

/** What the messages of a batch need: names, contact, balance, and consent as of now. */
export async function loadBatchRecipients(
  db: Executor,
  deliveryIds: string[],
  channel: NotificationChannel,
): Promise<BatchRecipient[]> {
  if (deliveryIds.length === 0) return [];
  const ids = sql.join(
    deliveryIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select d.id as delivery_id, i.id as investor_id, i.first_name, i.last_name, i.email, i.phone, i.created_at,
           ${investorBalance} as total_balance,
           ${consentCondition(channel)} as is_eligible
    from notification_deliveries d
    join investors i on i.id = d.investor_id
    join users u on u.id = i.user_id
    left join notification_preferences p on p.investor_id = i.id
    where d.id in (${ids})
    order by d.id`);
  return rowsOf<BatchRecipient>(result);
}
