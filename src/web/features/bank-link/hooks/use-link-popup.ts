/**
 * The bank provider's Link runs in a popup (spec 7: "opens a hosted page or popup and listens
 * for a message with action success or exit"). Only messages from this app's origin and from
 * that very popup are read; a popup closed without a message counts as an exit.
 */
import { useEffect, useRef } from 'react';
import { type LinkPopupMessage, linkPopupMessage } from '../../../../shared/banking/contracts';

const POPUP_FEATURES = 'popup=yes,width=480,height=760,left=120,top=60';

/** Opens the Link popup; null when the browser blocked it. Call it from the click itself. */
export function openLinkPopup(url: string): Window | null {
  return window.open(url, 'bank-link', POPUP_FEATURES);
}

export function useLinkPopupMessages(
  popup: Window | null,
  onMessage: (message: LinkPopupMessage | { action: 'closed' }) => void,
): void {
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;

  useEffect(() => {
    if (!popup) return;
    let isAnswered = false;
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const parsed = linkPopupMessage.safeParse(event.data);
      if (!parsed.success || isAnswered) return;
      isAnswered = true;
      onMessageRef.current(parsed.data);
    };
    window.addEventListener('message', listener);
    const watcher = window.setInterval(() => {
      if (popup.closed && !isAnswered) {
        isAnswered = true;
        onMessageRef.current({ action: 'closed' });
      }
    }, 500);
    return () => {
      window.removeEventListener('message', listener);
      window.clearInterval(watcher);
    };
  }, [popup]);
}

/** What a popup page posts to the wizard that opened it, then closes. */
export function answerOpener(message: LinkPopupMessage): boolean {
  if (!window.opener) return false;
  (window.opener as Window).postMessage(message, window.location.origin);
  return true;
}
