import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 12;

export const passwordMessages = {
  length: 'Password must be at least 12 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  mismatch: 'Passwords do not match',
} as const;

/** The five password rules of spec 5, in order, with the spec's messages. */
export const passwordSchema = z
  .string()
  .max(256, 'Password is too long')
  .min(PASSWORD_MIN_LENGTH, passwordMessages.length)
  .regex(/[A-Z]/, passwordMessages.uppercase)
  .regex(/[a-z]/, passwordMessages.lowercase)
  .regex(/[0-9]/, passwordMessages.number)
  .regex(/[^A-Za-z0-9]/, passwordMessages.special);

export const passwordWithConfirmationSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: passwordMessages.mismatch,
  });

/** The first rule a password breaks, or null. */
export function passwordProblem(password: string): string | null {
  const result = passwordSchema.safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? passwordMessages.length);
}
