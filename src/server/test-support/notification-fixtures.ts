/**
 * Investors in bulk for campaign tests and the campaign benchmark: set-based inserts, so
 * 10,000 recipients take a second, with the consent, phone and notes each case needs.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InvestorStatus } from '../../shared/auth/next-screen';
import type { InvestmentType } from '../../shared/products/plans';
import { type Executor, rowsOf } from '../db/client';

export interface AudienceSpec {
  count: number;
  marketingEmail?: boolean;
  marketingSms?: boolean;
  /** Records TCPA consent with the SMS opt-in (default: when marketingSms is on). */
  smsConsent?: boolean;
  /** Give each a phone number; verified unless phoneVerified is false. */
  withPhone?: boolean;
  phoneVerified?: boolean;
  status?: InvestorStatus;
  /** Each holds one active note of this type (5,000.00, bought 2026-01-05). */
  note?: InvestmentType;
  /** Leave out the preferences row (the schema defaults: marketing off). */
  withoutPreferences?: boolean;
  firstName?: string;
}

export interface AudienceMember {
  investorId: string;
  email: string;
  phone: string | null;
}

export async function createAudience(db: Executor, spec: AudienceSpec): Promise<AudienceMember[]> {
  const tag = randomBytes(4).toString('hex');
  const withPhone = spec.withPhone ?? Boolean(spec.marketingSms);
  const phoneVerified = spec.phoneVerified ?? true;
  // Fictional-use numbers: +1 617 555 01xx is reserved, so widen with a per-batch prefix.
  const phonePrefix = `+1617${String((Number.parseInt(tag.slice(0, 4), 16) % 900) + 100)}`;
  const result = await db.execute(sql`
    with numbered as (
      select g,
             ${`audience-${tag}-`} || g || '@example.com' as email,
             case when ${withPhone} then ${phonePrefix} || lpad(g::text, 4, '0') end as phone
      from generate_series(1, ${spec.count}) g
    ),
    new_users as (
      insert into users (email, email_verified_at, phone_e164, phone_verified_at)
      select email, now(), phone, case when phone is not null and ${phoneVerified} then now() end
      from numbered
      returning id, email, phone_e164
    )
    insert into investors (user_id, first_name, last_name, email, phone, status, referral_code)
    select u.id, ${spec.firstName ?? 'Jordan'}, 'Lee', u.email, u.phone_e164, ${spec.status ?? 'active'},
           upper(${tag}) || lpad(n.g::text, 6, '0')
    from new_users u join numbered n on n.email = u.email
    returning id, email, phone`);
  const members = rowsOf<{ id: string; email: string; phone: string | null }>(result).map((row) => ({
    investorId: row.id,
    email: row.email,
    phone: row.phone,
  }));
  const ids = sql.join(
    members.map((member) => sql`${member.investorId}::uuid`),
    sql`, `,
  );
  if (members.length === 0) return members;
  if (!spec.withoutPreferences) {
    const smsConsent = spec.smsConsent ?? Boolean(spec.marketingSms);
    await db.execute(sql`
      insert into notification_preferences (investor_id, marketing_email, marketing_sms, marketing_sms_consent_at)
      select id, ${spec.marketingEmail ?? false}, ${spec.marketingSms ?? false}, case when ${smsConsent} then now() end
      from investors where id in (${ids})`);
  }
  if (spec.note) {
    await db.execute(sql`
      with notes as (
        insert into investments (investor_id, investment_type, principal_amount, interest_rate_annual, term_years,
                                 start_date, maturity_date, accrued_through, status)
        select id, ${spec.note}, 5000.00, 0.08, 2, '2026-01-05', '2028-01-05', '2026-01-05', 'active'
        from investors where id in (${ids})
        returning id, investor_id
      )
      insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect, transaction_date)
      select id, investor_id, 'purchase', 5000.00, 5000.00, '2026-01-05' from notes`);
  }
  return members;
}
