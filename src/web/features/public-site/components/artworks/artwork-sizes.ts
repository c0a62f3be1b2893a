/**
 * The artwork pages are drawn as posters 800 units wide, shown at most 760 px wide and at the
 * full width of a phone. Every text is at least MIN_TEXT_UNITS, which is 13.6 px at 390 px
 * (issue 13 item 17: the old 1440-wide artwork shrank its text to about 7 px on a phone).
 * Hotspots are kept in percent of this drawing, so they sit on the same spot at every width.
 */
export const ARTWORK_WIDTH = 800;
export const MIN_TEXT_UNITS = 28;
