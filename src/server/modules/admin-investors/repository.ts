/** SQL of the investor lifecycle (decision 1620). Every function takes the caller's transaction. */
import { sql } from 'drizzle-orm';
import type { CloseBlocker } from '../../../shared/admin/back-office-contracts';
import { type Executor, rowsOf } from '../../db/client';
import { iso } from '../transfers/repository';

export interface LockedInvestor {
  id: string;
  userId: string;
  status: 'pending' | 'active' | 'suspended' | 'closed';
}

/** The investor, locked for the status change (two admins acting at once see each other's result). */
export async function lockInvestor(tx: Executor, investorId: string): Promise<LockedInvestor | null> {
  const result = await tx.execute(sql`
    select id, user_id, status from investors where id = ${investorId}::uuid for update`);
  const row = rowsOf<{ id: string; user_id: string; status: LockedInvestor['status'] }>(result)[0];
  return row ? { id: row.id, userId: row.user_id, status: row.status } : null;
}

export async function setInvestorStatus(
  tx: Executor,
  input: {
    investorId: string;
    fromStatus: string;
    toStatus: 'active' | 'pending' | 'suspended' | 'closed';
    reason: string;
    adminUserId: string;
    now: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    update investors set status = ${input.toStatus}, status_reason = ${input.reason},
      status_changed_at = ${input.now}::timestamptz, updated_at = ${input.now}::timestamptz
    where id = ${input.investorId}::uuid`);
  await tx.execute(sql`
    insert into investor_status_changes (investor_id, from_status, to_status, reason, admin_user_id, created_at)
    values (${input.investorId}::uuid, ${input.fromStatus}, ${input.toStatus === 'pending' ? 'active' : input.toStatus},
            ${input.reason}, ${input.adminUserId}::uuid, ${input.now}::timestamptz)`);
}

/** The status the investor had before their latest suspension (pending or active). */
export async function statusBeforeSuspension(
  tx: Executor,
  investorId: string,
): Promise<'active' | 'pending'> {
  const result = await tx.execute(sql`
    select from_status from investor_status_changes
    where investor_id = ${investorId}::uuid and to_status = 'suspended'
    order by created_at desc, id desc limit 1`);
  return rowsOf<{ from_status: string }>(result)[0]?.from_status === 'pending' ? 'pending' : 'active';
}

/** Ends every live session of the user at once; answers how many were live. */
export async function revokeLiveSessions(tx: Executor, userId: string, now: Date): Promise<number> {
  const result = await tx.execute(sql`
    update sessions set revoked_at = ${now}::timestamptz
    where user_id = ${userId}::uuid and revoked_at is null and expires_at > ${now}::timestamptz
    returning id`);
  return rowsOf(result).length;
}

/** Why an account cannot be closed yet: money still in it or on its way. */
export async function findCloseBlockers(tx: Executor, investorId: string): Promise<CloseBlocker[]> {
  const result = await tx.execute(sql`
    select
      exists (select 1 from investments i where i.investor_id = ${investorId}::uuid and i.status in ('active', 'matured')
              and (select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = i.id) <> 0)
        as notes_with_value,
      exists (select 1 from withdrawals w where w.investor_id = ${investorId}::uuid and w.status = 'pending')
        as pending_withdrawals,
      exists (select 1 from ach_payments a where a.investor_id = ${investorId}::uuid and a.status = 'pending')
        as payments_in_flight,
      exists (select 1 from amounts_owed o where o.investor_id = ${investorId}::uuid and o.status = 'open')
        as amounts_owed`);
  const row = rowsOf<Record<CloseBlocker, boolean>>(result)[0]!;
  return (Object.keys(row) as CloseBlocker[]).filter((key) => row[key]);
}

export interface AccountRow {
  status: LockedInvestor['status'];
  status_reason: string | null;
  status_changed_at: string | null;
  email: string;
  phone: string | null;
  user_id: string;
}

export async function selectAccount(db: Executor, investorId: string): Promise<AccountRow | null> {
  const result = await db.execute(sql`
    select v.status, v.status_reason, ${iso('v.status_changed_at')} as status_changed_at, u.email, u.phone_e164 as phone,
           v.user_id
    from investors v join users u on u.id = v.user_id where v.id = ${investorId}::uuid`);
  return rowsOf<AccountRow>(result)[0] ?? null;
}

export async function selectStatusHistory(db: Executor, investorId: string) {
  const result = await db.execute(sql`
    select c.id, c.from_status, c.to_status, c.reason, a.first_name || ' ' || a.last_name as admin_name,
           ${iso('c.created_at')} as created_at
    from investor_status_changes c join admin_users a on a.id = c.admin_user_id
    where c.investor_id = ${investorId}::uuid order by c.created_at desc, c.id desc limit 50`);
  return rowsOf<{
    id: string;
    from_status: string;
    to_status: string;
    reason: string;
    admin_name: string;
    created_at: string;
  }>(result);
}

export async function countLiveSessions(db: Executor, userId: string, now: Date): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as count from sessions
    where user_id = ${userId}::uuid and revoked_at is null and expires_at > ${now}::timestamptz and kind = 'full'`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

/** Identity and tax status: what staff may see (the TIN only as its last four; never decrypted here). */
export async function selectIdentity(db: Executor, investorId: string) {
  const result = await db.execute(sql`
    select legal_first_name || ' ' || legal_last_name as legal_name, city, state, tin_type, ssn_last_four as tin_last_four,
           kyc_status, ${iso('kyc_checked_at')} as kyc_checked_at
    from tax_records where investor_id = ${investorId}::uuid`);
  return (
    rowsOf<{
      legal_name: string;
      city: string;
      state: string;
      tin_type: 'ssn' | 'itin';
      tin_last_four: string;
      kyc_status: string;
      kyc_checked_at: string;
    }>(result)[0] ?? null
  );
}

export async function selectBankAccounts(db: Executor, investorId: string) {
  const result = await db.execute(sql`
    select id, institution_name, account_type, account_last_four, verification_status, is_primary,
           ${iso('linked_at')} as linked_at, ${iso('deleted_at')} as removed_at
    from bank_accounts where investor_id = ${investorId}::uuid
    order by deleted_at is not null, linked_at desc limit 50`);
  return rowsOf<{
    id: string;
    institution_name: string;
    account_type: string;
    account_last_four: string;
    verification_status: string;
    is_primary: boolean;
    linked_at: string;
    removed_at: string | null;
  }>(result);
}

export async function selectPendingWithdrawals(db: Executor, investorId: string) {
  const result = await db.execute(sql`
    select w.id, w.amount::text as amount, w.status, ${iso('w.requested_at')} as requested_at,
           to_char(w.scheduled_for, 'YYYY-MM-DD') as scheduled_for, b.account_last_four as bank_last_four,
           w.cancellation_reason
    from withdrawals w left join bank_accounts b on b.id = w.bank_account_id
    where w.investor_id = ${investorId}::uuid and w.status = 'pending'
    order by w.requested_at, w.id limit 50`);
  return rowsOf<{
    id: string;
    amount: string;
    status: 'pending';
    requested_at: string;
    scheduled_for: string;
    bank_last_four: string | null;
    cancellation_reason: string | null;
  }>(result);
}

/** The newest e-mails and text messages sent to the investor's address or phone (subjects only). */
export async function selectMessagesSent(
  db: Executor,
  input: { email: string; phone: string | null; limit: number },
) {
  const result = await db.execute(sql`
    select id, channel, to_address as to, subject, status, ${iso('created_at')} as created_at
    from outbox_messages
    where (channel = 'email' and lower(to_address) = lower(${input.email}))
       or (channel = 'sms' and ${input.phone}::text is not null and to_address = ${input.phone})
    order by created_at desc, id desc limit ${input.limit}`);
  return rowsOf<{
    id: string;
    channel: 'email' | 'sms';
    to: string;
    subject: string | null;
    status: string;
    created_at: string;
  }>(result);
}

/** Cancels a pending transfer for staff; the money was never drawn, so it stays in the note. */
export async function cancelWithdrawalByStaff(
  tx: Executor,
  input: { withdrawalId: string; reason: string; adminUserId: string; now: Date },
): Promise<{ investorId: string; amount: string } | 'not_found' | 'not_pending'> {
  const found = rowsOf<{ investor_id: string; status: string; amount: string }>(
    await tx.execute(sql`
      select investor_id, status, amount::text as amount from withdrawals where id = ${input.withdrawalId}::uuid for update`),
  )[0];
  if (!found) return 'not_found';
  if (found.status !== 'pending') return 'not_pending';
  await tx.execute(sql`
    update withdrawals set status = 'cancelled', cancelled_at = ${input.now}::timestamptz,
      cancellation_reason = ${input.reason}, cancelled_by_admin_id = ${input.adminUserId}::uuid,
      updated_at = ${input.now}::timestamptz
    where id = ${input.withdrawalId}::uuid`);
  return { investorId: found.investor_id, amount: found.amount };
}
