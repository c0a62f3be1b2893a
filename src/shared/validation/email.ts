/** The landing sign-up rule of spec 5: non-empty and containing '@'. No zod here: the landing chunk stays small. */
export function isPlausibleEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.includes('@');
}

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
