import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { achPayments, investments, investmentTransactions, investors, users } from '../../db/schema';

/** Minimal rows for dashboard and search tests, written the way the product writes them. */
export async function insertInvestor(
  db: Executor,
  values: {
    firstName: string | null;
    lastName: string | null;
    email: string;
    phone?: string | null;
    status?: string;
    createdAt?: Date;
  },
) {
  const [user] = await db
    .insert(users)
    .values({ email: values.email, phoneE164: values.phone ?? null })
    .returning();
  const [investor] = await db
    .insert(investors)
    .values({
      userId: user!.id,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone ?? null,
      status: values.status ?? 'active',
      referralCode: randomBytes(5).toString('hex').toUpperCase(),
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return investor!;
}

export async function insertNote(
  db: Executor,
  values: {
    investorId: string;
    investmentType: 'standard' | 'high_yield';
    principal: string;
    startDate: string;
    createdAt?: Date;
  },
) {
  const [note] = await db
    .insert(investments)
    .values({
      investorId: values.investorId,
      investmentType: values.investmentType,
      principalAmount: values.principal,
      interestRateAnnual: values.investmentType === 'standard' ? '0.08' : '0.094',
      termYears: values.investmentType === 'standard' ? 1 : 3,
      startDate: values.startDate,
      maturityDate: `${Number(values.startDate.slice(0, 4)) + 1}${values.startDate.slice(4)}`,
      accruedThrough: values.startDate,
      status: 'active',
    })
    .returning();
  const purchase = await insertEntry(db, {
    note: note!,
    type: 'purchase',
    amount: values.principal,
    valueEffect: values.principal,
    createdAt: values.createdAt,
  });
  return { ...note!, purchaseId: purchase.id };
}

export async function insertEntry(
  db: Executor,
  values: {
    note: { id: string; investorId: string; startDate: string };
    type: 'purchase' | 'interest_payment' | 'withdrawal' | 'reinvestment' | 'reversal';
    amount: string;
    valueEffect: string;
    reverses?: string;
    createdAt?: Date;
  },
) {
  const [entry] = await db
    .insert(investmentTransactions)
    .values({
      investmentId: values.note.id,
      investorId: values.note.investorId,
      transactionType: values.type,
      amount: values.amount,
      valueEffect: values.valueEffect,
      transactionDate: values.note.startDate,
      reversesTransactionId: values.reverses ?? null,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return entry!;
}

export async function insertAchPayment(
  db: Executor,
  values: {
    investorId: string;
    investmentId: string;
    type: 'funding' | 'interest' | 'withdrawal';
    amount: string;
    status: string;
    period?: string;
  },
) {
  const [payment] = await db
    .insert(achPayments)
    .values({
      investorId: values.investorId,
      investmentId: values.investmentId,
      paymentType: values.type,
      direction: values.type === 'funding' ? 'debit' : 'credit',
      amount: values.amount,
      status: values.status,
      effectiveDate: '2026-03-10',
      postingPeriod: values.period ?? null,
    })
    .returning();
  return payment!;
}
