/** Rules of the Edit Name form on /settings (first and last name), shared by the form and the API. */
import { z } from 'zod';

export const PERSON_NAME_MAX_LENGTH = 50;

export const profileMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  tooLong: (label: string) => `${label} must be ${PERSON_NAME_MAX_LENGTH} characters or fewer`,
  characters: (label: string) =>
    `${label} can only contain letters, spaces, hyphens, apostrophes and periods`,
} as const;

// Letters of any script, combining marks, and the punctuation real names carry (O'Brien, Smith-Jones, Jr.).
const personNamePattern = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

function personNamePart(label: string, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(PERSON_NAME_MAX_LENGTH, profileMessages.tooLong(label))
    .regex(personNamePattern, profileMessages.characters(label))
    .transform((value) => value.replace(/\s+/g, ' '));
}

export const updateProfileRequest = z.object({
  first_name: personNamePart('First name', profileMessages.firstNameRequired),
  last_name: personNamePart('Last name', profileMessages.lastNameRequired),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;
