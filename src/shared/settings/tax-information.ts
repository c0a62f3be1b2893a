/**
 * Tax information on /settings (issue 13 item 14): the tax record a payer keeps for the
 * 1099-INT (legal name, date of birth, address and TIN). The fields and their rules are the
 * identity form's (the same KYC check runs on a change), with the TIN as an SSN or an ITIN.
 * The TIN goes one way only: in with a change, out as its last four digits.
 */
import { z } from 'zod';
import type { IsoDate } from '../dates/calendar-date';
import { identitySubmission } from '../banking/contracts';
import { identityFormSchema } from '../banking/identity';
import { type TinType, tinDigitsOf, tinProblem, tinTypes } from '../tax/tin';
import { w9CertificationSubmission } from '../tax/w9-certification';

export { TAX_INFORMATION_ANCHOR } from './tax-information-anchor';

export const taxInformationMessages = {
  saved: 'Your tax information was saved.',
  unchanged: 'Nothing changed: these are already your tax details.',
  tinTypeRequired: 'Choose SSN or ITIN',
  rejected:
    'We could not verify these details. Check them against your Social Security card or IRS letter and try again.',
  inReview: 'Your details were saved and are being reviewed. We will e-mail you when it is done.',
} as const;

/** The form on the wire: loose strings, so every rule answers with its own message. */
export const taxInformationSubmission = identitySubmission.omit({ ssn: true }).extend({
  tinType: z.string().max(10).optional(),
  /** Left empty on a change to keep the number on file (same type). */
  tin: z.string().max(40).optional(),
  /**
   * The Form W-9 certification of the number saved (decision 1910): the form asks for it whenever
   * a number is typed; without it a new or changed number is on file uncertified.
   */
  certification: w9CertificationSubmission.optional(),
});
export type TaxInformationSubmission = z.infer<typeof taxInformationSubmission>;

/**
 * The form's rules. `tinOnFile` is the type of the number already kept: with it the number
 * may be left empty to keep it, unless the type changes.
 */
export function taxInformationFormSchema(today: IsoDate, tinOnFile: TinType | null) {
  return identityFormSchema(today)
    .omit({ ssn: true })
    .extend({
      tinType: z.enum(tinTypes, { error: taxInformationMessages.tinTypeRequired }),
      tin: z
        .string()
        .optional()
        .transform((value) => tinDigitsOf(value ?? '')),
    })
    .superRefine((form, issues) => {
      if (form.tin === '' && tinOnFile === form.tinType) return;
      const problem = tinProblem(form.tinType, form.tin);
      if (problem) issues.addIssue({ code: 'custom', path: ['tin'], message: problem });
    });
}
export type TaxInformationFormInput = z.input<ReturnType<typeof taxInformationFormSchema>>;
export type TaxInformationForm = z.output<ReturnType<typeof taxInformationFormSchema>>;

export const taxInformationStatuses = ['approved', 'review'] as const;

/** What /settings shows of the tax record: never more than the TIN's last four digits. */
export const taxInformationView = z.object({
  status: z.enum(taxInformationStatuses),
  legal_first_name: z.string(),
  legal_last_name: z.string(),
  date_of_birth: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  tin_type: z.enum(tinTypes),
  tin_last_four: z.string().regex(/^\d{4}$/),
  updated_at: z.string(),
});
export type TaxInformationView = z.infer<typeof taxInformationView>;

export const taxInformationResponse = z.object({
  ok: z.boolean(),
  /** False when the form matched the record on file: nothing was checked, kept or sent. */
  changed: z.boolean(),
  message: z.string(),
  tax_information: taxInformationView,
});
export type TaxInformationResponse = z.infer<typeof taxInformationResponse>;
