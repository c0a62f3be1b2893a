/**
 * Maturity instructions (issue 17 item 1, PRODUCT.md 38): what happens to a High-Yield note
 * when it matures. Chosen at purchase, changeable in the portal until the maturity date.
 */
import { z } from 'zod';
import type { MaturityInstruction } from './maturity-instruction-rules';

export * from './maturity-instruction-rules';

/** The choice as the API and the forms carry it; the type is written out in maturity-instruction-rules.ts. */
export const maturityInstruction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pay_out') }),
  z.object({ kind: z.literal('roll_over'), term_years: z.number().int().min(1).max(50) }),
]) satisfies z.ZodType<MaturityInstruction>;
