/**
 * The identity form of the bank-link wizard (spec 3 and 5): what it asks for and every rule
 * and message. The same schema checks the web form and the KYC request on the server, which
 * passes its own "today" (BUSINESS_TZ) so the age rule cannot be bent by a client clock.
 */
import { z } from 'zod';
import { addYears, type IsoDate, isSupportedDate } from '../dates/calendar-date';
import { formatTinInput, isValidSsn, tinDigitsOf } from '../tax/tin';
import { personNamePart } from '../validation/person-name';

export const MINIMUM_AGE_YEARS = 18;
/** Dates of birth further back than this are typing mistakes. */
export const MAXIMUM_AGE_YEARS = 120;
export const SSN_DIGITS = 9;
export const POSTAL_CODE_MAX_LENGTH = 10;

/** The 50 states, by USPS code (spec 5: "State is one of 50 US state codes"). */
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export type UsStateCode = (typeof US_STATES)[number]['code'];
const stateCodes = new Set<string>(US_STATES.map((state) => state.code));

export function isUsStateCode(value: string): value is UsStateCode {
  return stateCodes.has(value);
}

/** The spec's messages word for word (age, SSN, ZIP); the required-field ones name the field. */
export const identityMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  minimumAge: 'You must be at least 18 years old',
  ssn: 'Valid SSN is required (9 digits)',
  address1Required: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  postalCode: 'Valid ZIP code is required',
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
} as const;

/** Digits only, at most nine: what an SSN field holds whatever was typed or pasted. */
export const ssnDigitsOf = tinDigitsOf;

/** Formats as the user types: "123" -> "123", "1234" -> "123-4", "123456789" -> "123-45-6789". */
export const formatSsnInput = formatTinInput;

/** The date picker's maximum: the latest birth date of someone who is 18 today. */
export function latestBirthDateFor(today: IsoDate): IsoDate {
  return addYears(today, -MINIMUM_AGE_YEARS);
}

export function earliestBirthDateFor(today: IsoDate): IsoDate {
  return addYears(today, -MAXIMUM_AGE_YEARS);
}

export const postalCodePattern = /^\d{5}(-\d{4})?$/;

const requiredText = (required: string, label: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, identityMessages.tooLong(label, max));

/** The identity form (spec 3: firstName ... postalCode); parse() yields the SSN as nine digits. */
export function identityFormSchema(today: IsoDate) {
  const latest = latestBirthDateFor(today);
  const earliest = earliestBirthDateFor(today);
  return z.object({
    firstName: personNamePart('First name', identityMessages.firstNameRequired),
    lastName: personNamePart('Last name', identityMessages.lastNameRequired),
    dateOfBirth: z
      .string({ error: identityMessages.dateOfBirthRequired })
      .trim()
      .min(1, identityMessages.dateOfBirthRequired)
      .refine(isSupportedDate, identityMessages.dateOfBirthInvalid)
      .refine((value) => !isSupportedDate(value) || value >= earliest, identityMessages.dateOfBirthInvalid)
      .refine((value) => !isSupportedDate(value) || value <= latest, identityMessages.minimumAge),
    ssn: z
      .string({ error: identityMessages.ssn })
      .refine((value) => /^[\d\s-]*$/.test(value), identityMessages.ssn)
      .transform((value) => value.replace(/\D/g, ''))
      .refine((digits) => digits.length === SSN_DIGITS && isValidSsn(digits), identityMessages.ssn),
    address1: requiredText(identityMessages.address1Required, 'Address', 100),
    address2: z
      .string()
      .trim()
      .max(100, identityMessages.tooLong('Address line 2', 100))
      .optional()
      .transform((value) => (value ? value : undefined)),
    city: requiredText(identityMessages.cityRequired, 'City', 60),
    state: z
      .string({ error: identityMessages.stateRequired })
      .trim()
      .toUpperCase()
      .refine(isUsStateCode, identityMessages.stateRequired),
    postalCode: z
      .string({ error: identityMessages.postalCode })
      .trim()
      .max(POSTAL_CODE_MAX_LENGTH, identityMessages.postalCode)
      .regex(postalCodePattern, identityMessages.postalCode),
  });
}

export type IdentityFormInput = z.input<ReturnType<typeof identityFormSchema>>;
export type IdentityForm = z.output<ReturnType<typeof identityFormSchema>>;
