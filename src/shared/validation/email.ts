/** The landing sign-up rule of spec 5: non-empty and containing '@'. No zod here: the landing chunk stays small. */
export function isPlausibleEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.includes('@');
}

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** The e-mail input's font size shrinks with text length: max(10, 14 x 10 / length) px. */
export function emailInputFontSize(value: string): number {
  const length = value.length;
  if (length <= 10) return 14;
  return Math.max(10, (14 * 10) / length);
}
