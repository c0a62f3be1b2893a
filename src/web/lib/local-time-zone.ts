/** The reader's own time zone, for the time a code was sent ("at 2:05 PM"). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
