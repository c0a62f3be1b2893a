/**
 * The API answers a server-rendered page was drawn from (decision 1985). The server embeds them
 * in the page as `<script type="application/json" id="first-answers">` (data, never run: the CSP
 * stays strict), and the browser's first GET of each URL takes its answer instead of asking
 * again, so the first render in the browser shows what the server rendered and hydration matches.
 * Each answer is taken once; what the page has not taken when it has hydrated is dropped, so a
 * later read always asks the server.
 *
 *   keepFirstAnswers(document);                // main.tsx, before the first render
 *   const answer = takeFirstAnswer('/api/session');   // api-client.ts: a Response, or null
 *   dropFirstAnswers();                        // once the page has hydrated
 */
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswer } from '../../shared/pages/server-rendering';

const kept = new Map<string, FirstAnswer>();

function isFirstAnswer(value: unknown): value is FirstAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.url === 'string' && typeof record.status === 'number' && typeof record.body === 'string'
  );
}

/** Reads the answers the page carries; a missing or unreadable element leaves none. */
export function keepFirstAnswers(document: Document): void {
  const text = document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return;
    for (const answer of parsed)
      if (isFirstAnswer(answer) && !kept.has(answer.url)) kept.set(answer.url, answer);
  } catch {
    // An unreadable element: the page asks the server, as it would without one.
  }
}

/** Whether an answer for `url` is kept (and not yet taken). */
export function hasFirstAnswer(url: string): boolean {
  return kept.has(url);
}

/** The kept answer for a GET of `url` as a Response, taken once; null when there is none. */
export function takeFirstAnswer(url: string): Response | null {
  const answer = kept.get(url);
  if (!answer) return null;
  kept.delete(url);
  return new Response(answer.status === 204 ? null : answer.body, {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Forgets every answer not taken: later reads ask the server. */
export function dropFirstAnswers(): void {
  kept.clear();
}
