/**
 * The header on every page's HTML saying which variant it is (decision 1974): `any` (the same
 * for every visitor), `signed-in` (names the session and the page's data) or `signed-out` (a
 * signed-in page asked for without the session cookie: no data named). The service worker keeps
 * a copy of `any` and `signed-in` pages to answer the next visit at once, never of `signed-out`
 * ones (the visitor is sent to sign in). `rendered` (decision 1985): the server rendered the page
 * with the data it was drawn from, so no copy is kept and each visit asks the network.
 * No import: the service worker bundles this module.
 */
export const PAGE_VARIANT_HEADER = 'x-page-variant';
export type PageVariant = 'any' | 'signed-in' | 'signed-out' | 'rendered';

/** The caches holding those copies, one per release (`<prefix><version>`). */
export const KEPT_PAGES_CACHE_PREFIX = 'steadyline-pages-';
