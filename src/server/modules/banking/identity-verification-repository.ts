/** The identity verifications the KYC provider ran (decision 1520). No PII is written here. */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adminUsers, identityVerifications } from '../../db/schema';
import type { KycOutcome } from '../../providers/kyc';

export type IdentityVerificationRow = typeof identityVerifications.$inferSelect;

export async function latestIdentityVerification(
  db: Executor,
  investorId: string,
): Promise<IdentityVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.investorId, investorId))
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id))
    .limit(1);
  return row;
}

export async function insertIdentityVerification(
  db: Executor,
  values: { investorId: string; provider: string; outcome: KycOutcome; now: Date },
): Promise<IdentityVerificationRow> {
  const { outcome } = values;
  const [row] = await db
    .insert(identityVerifications)
    .values({
      investorId: values.investorId,
      provider: values.provider,
      reference: outcome.reference,
      status: outcome.status,
      providerStatus: outcome.providerStatus,
      failureReason: outcome.failureReason,
      watchlistStatus: outcome.watchlist,
      watchlistReference: outcome.watchlistReference,
      createdAt: values.now,
      checkedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('identity verification insert returned no row');
  return row;
}

/**
 * What the provider says now. A hit staff already cleared stays cleared: the provider's
 * screening is the same one they reviewed.
 */
export async function updateIdentityVerification(
  db: Executor,
  id: string,
  outcome: KycOutcome,
  now: Date,
): Promise<IdentityVerificationRow> {
  const [current] = await db
    .select({ watchlistStatus: identityVerifications.watchlistStatus })
    .from(identityVerifications)
    .where(eq(identityVerifications.id, id))
    .for('update');
  const [row] = await db
    .update(identityVerifications)
    .set({
      status: outcome.status,
      providerStatus: outcome.providerStatus,
      failureReason: outcome.failureReason,
      ...(current?.watchlistStatus === 'cleared' ? {} : { watchlistStatus: outcome.watchlist }),
      watchlistReference: outcome.watchlistReference,
      checkedAt: now,
    })
    .where(eq(identityVerifications.id, id))
    .returning();
  if (!row) throw new Error('identity verification update returned no row');
  return row;
}

/** True while any of the investor's verifications has a watchlist hit staff have not cleared. */
export async function hasWatchlistHit(db: Executor, investorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(
      and(eq(identityVerifications.investorId, investorId), eq(identityVerifications.watchlistStatus, 'hit')),
    )
    .limit(1);
  return row !== undefined;
}

/** Clears every open hit of the investor (a later attempt cannot undo an earlier hit); answers them. */
export async function clearWatchlistHits(
  db: Executor,
  values: { investorId: string; adminUserId: string; reason: string; now: Date },
): Promise<IdentityVerificationRow[]> {
  return db
    .update(identityVerifications)
    .set({
      watchlistStatus: 'cleared',
      watchlistClearedAt: values.now,
      watchlistClearedBy: values.adminUserId,
      watchlistClearReason: values.reason,
    })
    .where(
      and(
        eq(identityVerifications.investorId, values.investorId),
        eq(identityVerifications.watchlistStatus, 'hit'),
      ),
    )
    .returning();
}

/** The newest verification with the name of the admin who cleared its hit, for the staff view. */
export async function selectStaffVerification(db: Executor, investorId: string) {
  const [row] = await db
    .select({
      verification: identityVerifications,
      clearedByFirstName: adminUsers.firstName,
      clearedByLastName: adminUsers.lastName,
    })
    .from(identityVerifications)
    .leftJoin(adminUsers, eq(adminUsers.id, identityVerifications.watchlistClearedBy))
    .where(eq(identityVerifications.investorId, investorId))
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id))
    .limit(1);
  return row;
}
