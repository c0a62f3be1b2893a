/** Who gets a 1099-INT, without zod: read by pages that only show data. */
import { formatUsdWhole } from '../format/money-format';

/**
 * A 1099-INT is issued for a year with at least this much interest (IRS: "$10 or more"; issue 16
 * item 5). One rule for the year-end tax run, the documents page and the copy (decision 1361).
 */
export const TAX_FORM_THRESHOLD = '10.00';
/** "$10 or more", for the copy that states the rule. */
export const TAX_FORM_THRESHOLD_TEXT = `${formatUsdWhole(TAX_FORM_THRESHOLD)} or more`;
