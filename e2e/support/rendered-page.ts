/**
 * Reading a server-rendered page's HTML in the browser tests (decision 1985): the answers it
 * carries in its JSON element.
 */
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswer } from '../../src/shared/pages/server-rendering';

/** The answers the page carries, in the order the render read them; none for a page the browser renders. */
export function carriedAnswers(html: string): FirstAnswer[] {
  const data = new RegExp(
    `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html)?.[1];
  return data ? (JSON.parse(data) as FirstAnswer[]) : [];
}
