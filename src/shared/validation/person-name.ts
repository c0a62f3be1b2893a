/**
 * The rule for one part of a person's name (first or last), wherever a name is typed: Edit Name,
 * the identity form and the tax record. One rule, so a name the profile refuses (digits, "<", a
 * spreadsheet formula such as =HYPERLINK(...)) is refused on every form and by every API.
 */
import { z } from 'zod';

export const PERSON_NAME_MAX_LENGTH = 50;

export const personNameMessages = {
  tooLong: (label: string) => `${label} must be ${PERSON_NAME_MAX_LENGTH} characters or fewer`,
  characters: (label: string) =>
    `${label} can only contain letters, spaces, hyphens, apostrophes and periods`,
} as const;

// Letters of any script, combining marks, and the punctuation real names carry (O'Brien, Smith-Jones, Jr.).
const personNamePattern = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

export function personNamePart(label: string, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(PERSON_NAME_MAX_LENGTH, personNameMessages.tooLong(label))
    .regex(personNamePattern, personNameMessages.characters(label))
    .transform((value) => value.replace(/\s+/g, ' '));
}
