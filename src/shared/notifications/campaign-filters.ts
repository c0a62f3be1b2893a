/**
 * Who a campaign reaches (PRODUCT.md 27): only `investment_type` (holds an active note of
 * that type) and `status` (the investor's status), each an equality match. Any other key
 * is refused rather than silently ignored, so a typo never widens the audience.
 */
import { z } from 'zod';
import { investorStatuses } from '../auth/next-screen';
import { investmentTypes } from '../products/plans';

export const campaignFilterKeys = ['investment_type', 'status'] as const;

export const targetFiltersSchema = z.strictObject(
  {
    investment_type: z
      .enum(investmentTypes, { error: `investment_type must be one of: ${investmentTypes.join(', ')}` })
      .optional(),
    status: z
      .enum(investorStatuses, { error: `status must be one of: ${investorStatuses.join(', ')}` })
      .optional(),
  },
  {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map((key) => `"${key}"`).join(', ');
        return `Unknown filter ${keys}: only ${campaignFilterKeys.join(' and ')} can be used`;
      }
      if (issue.code === 'invalid_type') return 'Target filters must be a JSON object';
      return undefined;
    },
  },
);
export type TargetFilters = z.infer<typeof targetFiltersSchema>;
