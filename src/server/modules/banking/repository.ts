/** The SQL of bank accounts and the tax record. Every read is scoped to one investor. */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bankAccounts, investors, taxRecordChanges, taxRecords } from '../../db/schema';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type NewBankAccount = typeof bankAccounts.$inferInsert;
export type TaxRecordRow = typeof taxRecords.$inferSelect;

// ---------------------------------------------------------------- tax record

export async function findTaxRecord(db: Executor, investorId: string): Promise<TaxRecordRow | undefined> {
  const [row] = await db.select().from(taxRecords).where(eq(taxRecords.investorId, investorId));
  return row;
}

/** The record, locked until the transaction ends, so two changes cannot interleave. */
export async function lockTaxRecord(db: Executor, investorId: string): Promise<TaxRecordRow | undefined> {
  const [row] = await db.select().from(taxRecords).where(eq(taxRecords.investorId, investorId)).for('update');
  return row;
}

export async function insertTaxRecordChange(
  db: Executor,
  change: typeof taxRecordChanges.$inferInsert,
): Promise<void> {
  await db.insert(taxRecordChanges).values(change);
}

export async function upsertTaxRecord(
  db: Executor,
  record: Omit<typeof taxRecords.$inferInsert, 'createdAt'> & { updatedAt: Date },
): Promise<TaxRecordRow> {
  const { investorId: _investorId, ...changes } = record;
  const [row] = await db
    .insert(taxRecords)
    .values({ ...record, createdAt: record.updatedAt })
    .onConflictDoUpdate({ target: taxRecords.investorId, set: changes })
    .returning();
  return row!;
}

/** A pending record decided by the provider: approved or still in review. */
export async function markTaxRecordChecked(
  db: Executor,
  investorId: string,
  kycStatus: 'approved' | 'review',
  now: Date,
): Promise<TaxRecordRow | undefined> {
  const [row] = await db
    .update(taxRecords)
    .set({ kycStatus, kycCheckedAt: now, updatedAt: now })
    .where(eq(taxRecords.investorId, investorId))
    .returning();
  return row;
}

/** A pending record the provider then failed: nothing is kept, as for a first failed attempt. */
export async function removeTaxRecord(db: Executor, investorId: string): Promise<void> {
  await db.delete(taxRecords).where(eq(taxRecords.investorId, investorId));
}

export async function findInvestorEmail(db: Executor, investorId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: investors.email })
    .from(investors)
    .where(eq(investors.id, investorId));
  return row?.email ?? null;
}

/** A new investor's profile takes the legal name the first time one is given. */
export async function fillMissingInvestorName(
  db: Executor,
  investorId: string,
  name: { firstName: string; lastName: string },
  now: Date,
): Promise<void> {
  await db
    .update(investors)
    .set({
      firstName: sql`coalesce(${investors.firstName}, ${name.firstName})`,
      lastName: sql`coalesce(${investors.lastName}, ${name.lastName})`,
      updatedAt: now,
    })
    .where(
      and(
        eq(investors.id, investorId),
        sql`(${investors.firstName} is null or ${investors.lastName} is null)`,
      ),
    );
}

// ---------------------------------------------------------------- bank accounts

/** The accounts in use: the primary first, then a replacement awaiting verification. Retired ones are left out. */
export async function listCurrentBankAccounts(db: Executor, investorId: string): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.investorId, investorId), isNull(bankAccounts.deletedAt)))
    .orderBy(desc(bankAccounts.isPrimary), desc(bankAccounts.linkedAt), asc(bankAccounts.id));
}

/** One of the investor's current accounts, locked for the rest of the transaction. */
export async function lockBankAccount(
  db: Executor,
  investorId: string,
  bankAccountId: string,
): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.id, bankAccountId),
        eq(bankAccounts.investorId, investorId),
        isNull(bankAccounts.deletedAt),
      ),
    )
    .for('update');
  return row;
}

export async function insertBankAccount(db: Executor, values: NewBankAccount): Promise<BankAccountRow> {
  const [row] = await db.insert(bankAccounts).values(values).returning();
  return row!;
}

export async function updateBankAccount(
  db: Executor,
  bankAccountId: string,
  changes: Partial<Omit<NewBankAccount, 'id' | 'investorId'>>,
): Promise<BankAccountRow> {
  const [row] = await db
    .update(bankAccounts)
    .set(changes)
    .where(eq(bankAccounts.id, bankAccountId))
    .returning();
  return row!;
}

/** Soft delete: the row stays so old payments still point at it (PRODUCT.md 23). */
export async function retireBankAccount(db: Executor, bankAccountId: string, now: Date): Promise<void> {
  await db
    .update(bankAccounts)
    .set({ isPrimary: false, deletedAt: now, updatedAt: now })
    .where(and(eq(bankAccounts.id, bankAccountId), isNull(bankAccounts.deletedAt)));
}

/** Serialises bank-account changes of one investor (two tabs linking at once). */
export async function lockInvestorBanking(db: Executor, investorId: string): Promise<void> {
  await db.select({ id: investors.id }).from(investors).where(eq(investors.id, investorId)).for('update');
}
