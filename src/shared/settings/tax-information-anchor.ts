/**
 * Where the tax record sits on /settings, without the tax form's zod rules (tax-information.ts), for the portal's read-only pages (decision 1411).
 */

/** Where the documents panel sends an investor without a tax record. */
export const TAX_INFORMATION_ANCHOR = 'tax';
