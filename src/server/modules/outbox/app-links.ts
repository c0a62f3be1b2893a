/**
 * The dev outbox shows each message's text with its links to this app as real anchors, so a
 * magic link or an unsubscribe link can be clicked from the outbox. Everything else stays
 * escaped text: only http(s) URLs on the app's own origin become links, and every character
 * of the message is HTML-escaped, anchors included.
 */

const urlPattern = /https?:\/\/[^\s<>"'`]+/g;
/** Sentence punctuation after a URL ("open https://x/a." ) is not part of it. */
const trailingPunctuation = /[.,;:!?)\]]+$/;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function appUrlOf(candidate: string, appOrigin: string): string | null {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === appOrigin
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/** The text as HTML, with the app's own http(s) links as anchors. */
export function linkifyAppLinks(text: string, appUrl: string): string {
  const appOrigin = new URL(appUrl).origin;
  let html = '';
  let position = 0;
  for (const match of text.matchAll(urlPattern)) {
    const raw = match[0].replace(trailingPunctuation, '');
    const start = match.index;
    const href = appUrlOf(raw, appOrigin);
    if (!href) continue;
    html += escapeHtml(text.slice(position, start));
    html += `<a href="${escapeHtml(href)}">${escapeHtml(raw)}</a>`;
    position = start + raw.length;
  }
  return html + escapeHtml(text.slice(position));
}
