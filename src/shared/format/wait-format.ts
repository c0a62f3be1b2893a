/**
 * Waits and countdowns in minutes and seconds, one way everywhere (issue 24 item 9): a screen
 * that ticks shows "39:12"; a sentence says "39 minutes 12 seconds". Never rounded up to whole
 * minutes, which read as a longer wait than the real one.
 */

/** "0:40", "39:12": a countdown on screen. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function unit(count: number, singular: string): string {
  return `${count} ${singular}${count === 1 ? '' : 's'}`;
}

/** "40 seconds", "1 minute", "39 minutes 12 seconds": a wait in a sentence ("Try again in …"). */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return unit(rest, 'second');
  return rest === 0 ? unit(minutes, 'minute') : `${unit(minutes, 'minute')} ${unit(rest, 'second')}`;
}
