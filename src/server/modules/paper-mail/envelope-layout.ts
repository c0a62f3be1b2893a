/**
 * Where the addresses go on a mail piece's first sheet for a standard #10 double-window envelope
 * (4 1/8" x 9 1/2"), the letter folded in thirds (decision 1924). Points: 72 to the inch.
 *
 * Common #10 double-window stock puts the return-address window about 7/8" from the left and
 * 7/16" from the top (3 1/2" x 1"), and the recipient window about 3/4"-7/8" from the left and
 * 1 1/8" from the bottom (4" x 1 1/8"), that is 1 7/8" to 3" from the top. The blocks below sit
 * inside both with about 1/8" to spare each way for the sheet moving in the envelope. Stock
 * differs: print one page on plain paper and hold it behind an envelope before a large run.
 */
const inch = 72;

export const envelopeLayout = {
  returnAddress: { x: 0.95 * inch, y: 0.6 * inch, width: 3.3 * inch, maxLines: 4 },
  recipientAddress: { x: 1.0 * inch, y: 2.0 * inch, width: 3.6 * inch, maxLines: 5 },
  /** The two folds of a letter in thirds; the body starts below the first. */
  folds: [(11 * inch) / 3, (2 * 11 * inch) / 3],
  bodyTop: 4.0 * inch,
} as const;
