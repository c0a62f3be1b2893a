/**
 * Only same-origin paths are accepted as redirect targets ("/transfer?x=1"), never an absolute
 * or protocol-relative URL ("//evil.example", "/\\evil.example"), so a link cannot send a
 * signed-in investor to another site.
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.includes('\\') || [...value].some((character) => character.charCodeAt(0) < 0x20)) return fallback;
  try {
    const base = 'https://same-origin.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
