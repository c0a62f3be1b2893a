/**
 * A time of day as ISO 8601 with its UTC offset ("09:15:00-05:00"), in a named time zone: an
 * export's times say which zone they are in, so a reader elsewhere is not misled (issue 24 item 19).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isoTimeWithOffset(instant: string | Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  // "GMT-05:00", or "GMT" alone at UTC.
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}
