const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

/** An instant in the business time zone, with the zone's abbreviation ("Wed, Mar 11, 2026, 1:00 AM EDT"). */
export function formatInTimeZone(instant: Date | string, timeZone: string): string {
  let formatter = zonedFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    zonedFormatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(instant));
}

/** The whole seconds between two instants ("42s"); the history modal's duration (admin spec 9). */
export function formatDurationSeconds(startedAt: string, completedAt: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(completedAt) - Date.parse(startedAt)) / 1000));
  return `${seconds}s`;
}

/** "in 5 minutes", "2 hours ago": how far an instant is from now, for the list's next and last runs. */
export function formatRelative(instant: string, now: Date): string {
  const minutes = Math.round((Date.parse(instant) - now.getTime()) / 60_000);
  const magnitude = Math.abs(minutes);
  const text =
    magnitude < 1
      ? null
      : magnitude < 60
        ? `${magnitude} ${magnitude === 1 ? 'minute' : 'minutes'}`
        : magnitude < 48 * 60
          ? `${Math.round(magnitude / 60)} ${Math.round(magnitude / 60) === 1 ? 'hour' : 'hours'}`
          : `${Math.round(magnitude / 1440)} days`;
  if (!text) return minutes >= 0 && Date.parse(instant) > now.getTime() ? 'due now' : 'just now';
  return minutes > 0 ? `in ${text}` : `${text} ago`;
}
