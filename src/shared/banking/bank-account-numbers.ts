/** US bank account numbers as typed on the manual-entry form, shared by that form and the server. */
import { z } from 'zod';

import { bankNumberMessages, isValidRoutingNumber } from './bank-account-format';

export {
  bankNumberMessages,
  isValidRoutingNumber,
  bankAccountTypes,
  maskedAccount,
} from './bank-account-format';
export type { BankAccountType } from './bank-account-format';

export const routingNumber = z
  .string({ error: bankNumberMessages.routingNumber })
  .transform((value) => value.replace(/\s/g, ''))
  .refine(isValidRoutingNumber, bankNumberMessages.routingNumber);

export const accountNumber = z
  .string({ error: bankNumberMessages.accountNumber })
  .transform((value) => value.replace(/\s/g, ''))
  .refine((value) => /^\d{4,17}$/.test(value), bankNumberMessages.accountNumber);
