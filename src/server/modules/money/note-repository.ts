/**
 * Creating notes the way the ledger expects them (PRODUCT.md 17): the investment, its
 * `purchase` entry, the pending funding debit and the debit authorisation, in the caller's
 * transaction. The demo seed and the tests buy through this; so can the portal's purchase.
 */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { InvestmentType } from '../../../shared/products/plans';
import { maturityDateOf } from '../../../shared/products/maturity';
import {
  DEFAULT_MATURITY_INSTRUCTION,
  type MaturityInstruction,
} from '../../../shared/investments/maturity-instruction';
import type { Executor } from '../../db/client';
import { achPayments, debitAuthorizations, investments, investmentTransactions } from '../../db/schema';
import { recordReinvestmentChoice } from './reinvestment-repository';

export interface NewNote {
  investorId: string;
  bankAccountId: string;
  productId?: string | null;
  investmentType: InvestmentType;
  /** Decimal dollars, two places. */
  principal: string;
  /** Annual rate as a fraction ("0.094"). */
  rate: string;
  termYears: number;
  startDate: IsoDate;
  now: Date;
  /** When the funding debit is expected to settle (from the ACH provider). */
  fundingEffectiveDate: IsoDate;
  agreementVersion: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  idempotencyKey?: string | null;
  /** The funding debit as a transfer rail already authorised it (its id was the authorisation's key). */
  railFunding?: { achPaymentId: string; provider: 'plaid'; authorizationId: string };
  /** High-Yield: what happens at maturity (default: paid out to the bank). Ignored for Standard notes. */
  maturityInstruction?: MaturityInstruction | null;
  /** Standard: reinvest the monthly interest from the first month (decision 1740). Off by default. */
  reinvestInterest?: boolean;
}

/** The two columns of investments that hold a High-Yield note's instruction. */
export function instructionColumns(
  investmentType: InvestmentType,
  instruction: MaturityInstruction | null | undefined,
): { maturityInstruction: string | null; rolloverTermYears: number | null } {
  if (investmentType !== 'high_yield' || instruction === null) {
    return { maturityInstruction: null, rolloverTermYears: null };
  }
  const chosen = instruction ?? DEFAULT_MATURITY_INSTRUCTION;
  return {
    maturityInstruction: chosen.kind,
    rolloverTermYears: chosen.kind === 'roll_over' ? chosen.term_years : null,
  };
}

export async function insertFundedNote(
  tx: Executor,
  note: NewNote,
): Promise<{ investmentId: string; achPaymentId: string }> {
  const [investment] = await tx
    .insert(investments)
    .values({
      investorId: note.investorId,
      productId: note.productId ?? null,
      investmentType: note.investmentType,
      principalAmount: note.principal,
      interestRateAnnual: note.rate,
      termYears: note.termYears,
      startDate: note.startDate,
      maturityDate: maturityDateOf(note.investmentType, note.startDate, note.termYears),
      status: 'active',
      accruedThrough: note.startDate,
      idempotencyKey: note.idempotencyKey ?? null,
      ...instructionColumns(note.investmentType, note.maturityInstruction),
      createdAt: note.now,
      updatedAt: note.now,
    })
    .returning({ id: investments.id });
  const investmentId = investment!.id;
  const [funding] = await tx
    .insert(achPayments)
    .values({
      ...(note.railFunding
        ? {
            id: note.railFunding.achPaymentId,
            provider: note.railFunding.provider,
            authorizationId: note.railFunding.authorizationId,
          }
        : {}),
      investorId: note.investorId,
      bankAccountId: note.bankAccountId,
      investmentId,
      paymentType: 'funding',
      direction: 'debit',
      amount: note.principal,
      status: 'pending',
      effectiveDate: note.fundingEffectiveDate,
      createdAt: note.now,
      updatedAt: note.now,
    })
    .returning({ id: achPayments.id });
  const achPaymentId = funding!.id;
  await tx.insert(investmentTransactions).values({
    investmentId,
    investorId: note.investorId,
    transactionType: 'purchase',
    amount: note.principal,
    valueEffect: note.principal,
    transactionDate: note.startDate,
    achPaymentId,
    notes: 'Note purchased',
    createdAt: note.now,
  });
  await tx.insert(debitAuthorizations).values({
    investmentId,
    investorId: note.investorId,
    bankAccountId: note.bankAccountId,
    agreementVersion: note.agreementVersion,
    amount: note.principal,
    authorizedAt: note.now,
    ipAddress: note.ipAddress ?? null,
    userAgent: note.userAgent ?? null,
  });
  if (note.investmentType === 'standard' && note.reinvestInterest === true) {
    await recordReinvestmentChoice(tx, {
      investmentId,
      investorId: note.investorId,
      reinvest: true,
      changedOn: note.startDate,
      source: 'purchase',
      now: note.now,
    });
  }
  return { investmentId, achPaymentId };
}
