/** The note page's contracts (issue 17 items 1 and 4): the note, its instruction and its interest math. */
import { z } from 'zod';
import { investmentStatuses } from '../ledger/ledger-model';
import { isoDateString, moneyString } from '../products/contracts';
import { investmentTypes } from '../products/plans';
import { maturityInstruction } from './maturity-instruction';

export const noteIdParams = z.object({ investmentId: z.uuid() });

/** Ten decimal places, signed: exact interest as the engine keeps it. */
const exactAmount = z.string().regex(/^-?\d{1,14}\.\d{10}$/);

export const interestPostingRow = z.object({
  period: isoDateString,
  from: isoDateString,
  /** The last day the period covers. */
  through: isoDateString,
  days: z.number().int(),
  principal: moneyString,
  interest_rate_annual: z.string(),
  exact_accrual: exactAmount,
  /** What the rules give for the period, two places. */
  amount: moneyString,
  /** What the ledger holds (null: nothing was posted, the amount rounded to zero). */
  posted_amount: moneyString.nullable(),
  posted_on: isoDateString.nullable(),
  /** Exact interest to the period's end less everything posted: the fraction of a cent carried. */
  carried: exactAmount,
  /** Credited to the note instead of paid out (High-Yield, or a Standard note that reinvests). */
  credited: z.boolean(),
});
export type InterestPostingRow = z.infer<typeof interestPostingRow>;

export const rolloverTerm = z.object({ term_years: z.number().int(), interest_rate_annual: z.string() });

export const noteDetailResponse = z.object({
  id: z.uuid(),
  reference: z.string(),
  investment_type: z.enum(investmentTypes),
  status: z.enum(investmentStatuses),
  origin: z.enum(['purchase', 'conversion', 'rollover']),
  principal_amount: moneyString,
  interest_rate_annual: z.string(),
  term_years: z.number().int(),
  start_date: isoDateString,
  maturity_date: isoDateString,
  /** From the ledger: principal + credited interest - withdrawals. */
  value: moneyString,
  /** Interest paid or credited so far. */
  income_to_date: moneyString,
  /** Exact interest accrued since the last posting, not yet in the balance. */
  interest_accrued: exactAmount,
  postings: z.array(interestPostingRow),
  /** High-Yield, still earning: the periods still to come and the value at maturity. */
  projected_postings: z.array(interestPostingRow),
  projected_value_at_maturity: moneyString.nullable(),
  maturity_instruction: maturityInstruction.nullable(),
  can_change_instruction: z.boolean(),
  /** The High-Yield terms offered today that a rollover can choose. */
  rollover_terms: z.array(rolloverTerm),
  /** The note this one was rolled over or converted from. */
  source_reference: z.string().nullable(),
  can_undo_rollover: z.boolean(),
  /** The last day the rollover can be undone. */
  undo_until: isoDateString.nullable(),
  /** Standard only (decision 1740): whether this month's interest is reinvested, and a pending switch. */
  interest_reinvestment: z
    .object({
      reinvests_this_month: z.boolean(),
      chosen: z.boolean(),
      /** The first month a switch not yet in force governs. */
      changes_from: isoDateString.nullable(),
      /** The month a switch made today would start with. */
      next_switch_from: isoDateString,
    })
    .nullable(),
  can_change_reinvestment: z.boolean(),
});
export type NoteDetailResponse = z.infer<typeof noteDetailResponse>;

/** The request that switches reinvestment on or off for one note (decision 1740). */
export const interestReinvestmentRequest = z.object({ reinvest: z.boolean() }).strict();
export type InterestReinvestmentRequest = z.infer<typeof interestReinvestmentRequest>;

export const maturityInstructionRequest = z.object({ maturity_instruction: maturityInstruction });
export type MaturityInstructionRequest = z.infer<typeof maturityInstructionRequest>;
