/**
 * Where the installable app's service worker is served (decision 1971): the page registers it
 * there, and the server gives that answer a page's security policy (a worker's own fetches obey
 * its script's policy, decision 1975).
 */
export const SERVICE_WORKER_PATH = '/sw.js';
