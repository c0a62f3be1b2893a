/** Rules of the Edit Name form on /settings (first and last name), shared by the form and the API. */
import { z } from 'zod';
import { personNameMessages, personNamePart } from '../validation/person-name';

export const profileMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  ...personNameMessages,
} as const;

export const updateProfileRequest = z.object({
  first_name: personNamePart('First name', profileMessages.firstNameRequired),
  last_name: personNamePart('Last name', profileMessages.lastNameRequired),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;
