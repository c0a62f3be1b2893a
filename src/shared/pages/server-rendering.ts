/**
 * What a page rendered on the server carries for the browser (decision 1985), named once for
 * both sides: the server writes it (src/server/http/web-app.ts), the web app reads it
 * (src/web/lib/first-answers.ts, src/web/main.tsx).
 *
 *   <div id="root" inert data-rendered>...markup...</div>
 *   <script type="application/json" id="first-answers">[{"url":"/api/session","status":200,"body":"..."}]</script>
 */

/** One GET answer the render read; the browser's first read of the same URL takes it. */
export interface FirstAnswer {
  url: string;
  status: number;
  body: string;
}

/** The id of the JSON element that carries the answers. */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

/** The root's attribute: empty as sent, then `hydrated` or `redrawn` once the app has taken over. */
export const RENDERED_ATTRIBUTE = 'data-rendered';
