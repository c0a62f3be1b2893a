const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** An instant in the viewer's local date and time ("Mar 10, 2026, 11:00 AM"). */
export function formatLocalDateTime(instant: string): string {
  return dateTime.format(new Date(instant));
}

/** A calendar date ("2026-03-10" -> "Mar 10, 2026"), never shifted by the viewer's time zone. */
export function formatCalendarDate(date: string): string {
  return dateOnly.format(new Date(`${date}T12:00:00Z`));
}
