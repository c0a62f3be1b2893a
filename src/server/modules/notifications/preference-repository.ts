/**
 * The marketing switches of notification_preferences as unsubscribe links and SMS STOP
 * replies change them. A missing preferences row is created with the schema defaults.
 */
import { sql } from 'drizzle-orm';
import type { NotificationChannel } from '../../../shared/notifications/contracts';
import { type Executor, rowsOf } from '../../db/client';

/** Turns marketing on one channel off (or e-mail back on); false when the investor does not exist. */
export async function setMarketingPreference(
  db: Executor,
  investorId: string,
  channel: NotificationChannel,
  isEnabled: boolean,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  // Turning SMS off also withdraws the recorded TCPA consent; only the investor can give it again.
  const result =
    channel === 'email'
      ? await db.execute(sql`
          insert into notification_preferences (investor_id, marketing_email, updated_at)
          select i.id, ${isEnabled}, ${at}::timestamptz from investors i where i.id = ${investorId}::uuid
          on conflict (investor_id) do update set marketing_email = excluded.marketing_email, updated_at = excluded.updated_at
          returning investor_id`)
      : await db.execute(sql`
          insert into notification_preferences (investor_id, marketing_sms, marketing_sms_consent_at, updated_at)
          select i.id, false, null, ${at}::timestamptz from investors i where i.id = ${investorId}::uuid
          on conflict (investor_id) do update
            set marketing_sms = false, marketing_sms_consent_at = null, updated_at = excluded.updated_at
          returning investor_id`);
  return rowsOf(result).length > 0;
}

/** An SMS STOP reply: every investor with that phone stops receiving marketing SMS. */
export async function stopMarketingSmsForPhone(db: Executor, phone: string, now: Date): Promise<number> {
  const result = await db.execute(sql`
    insert into notification_preferences (investor_id, marketing_sms, marketing_sms_consent_at, updated_at)
    select i.id, false, null, ${now.toISOString()}::timestamptz from investors i where i.phone = ${phone}
    on conflict (investor_id) do update
      set marketing_sms = false, marketing_sms_consent_at = null, updated_at = excluded.updated_at
    returning investor_id`);
  return rowsOf(result).length;
}
