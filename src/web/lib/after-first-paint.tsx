/**
 * Renders its children once the page has painted (decision 1975): for what a page shows below
 * its first screen on a phone, so the first paint, the page's content, does not wait for it.
 * Until then the fallback (nothing by default) holds its place; it is one frame on a desktop.
 *
 *   <AfterFirstPaint><DiscoverMore /></AfterFirstPaint>
 */
import { type ReactNode, useEffect, useState } from 'react';

export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [hasPainted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    // The frame's callback runs before its paint; the task it queues runs after it.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return hasPainted ? children : fallback;
}
