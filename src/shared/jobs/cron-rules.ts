import { Cron } from 'croner';
import cronstrue from 'cronstrue';

/**
 * The cron rules of the admin spec (5 and 9), used by the schedule picker as the admin types
 * and by the server again on save. Schedules are five-part cron (minute hour day month
 * weekday) with numbers only, read in the business time zone.
 */
export const cronMessages = {
  required: 'Schedule is required',
  wrongPartCount: 'Invalid cron format. Must have 5 parts: minute hour day month weekday',
  invalidValues: 'Invalid cron values. Check ranges and syntax.',
  frequentRuns:
    'This schedule runs more often than every 5 minutes. Make sure the job finishes well within the interval.',
} as const;

export const cronFieldNames = ['minute', 'hour', 'day', 'month', 'weekday'] as const;
export type CronFieldName = (typeof cronFieldNames)[number];

/** Allowed values per field; weekday 0 and 7 are both Sunday. */
export const cronFieldRanges: Readonly<Record<CronFieldName, { min: number; max: number }>> = {
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  day: { min: 1, max: 31 },
  month: { min: 1, max: 12 },
  weekday: { min: 0, max: 7 },
};

export type CronValidation = { isValid: true; parts: string[] } | { isValid: false; message: string };

const itemPattern = /^(?:(\*)|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/;

/** The values one field selects, or null when its syntax or a value is out of range. */
export function expandCronField(field: string, name: CronFieldName): number[] | null {
  const { min, max } = cronFieldRanges[name];
  const values = new Set<number>();
  for (const item of field.split(',')) {
    const match = itemPattern.exec(item);
    if (!match) return null;
    const [, star, startText, endText, stepText] = match;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (step < 1 || step > max - min + 1) return null;
    let start = min;
    let end = max;
    if (!star) {
      start = Number(startText);
      // "5/15" (a start with a step but no range) is not standard cron; "5-59/15" is.
      end = endText === undefined ? (stepText === undefined ? start : Number.NaN) : Number(endText);
    }
    if (!(start >= min && end <= max && start <= end)) return null;
    for (let value = start; value <= end; value += step) values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}

/** A croner schedule: fixed-time jobs (no wildcard or step in minute and hour) run once across DST changes. */
function cronSchedule(expression: string, timeZone: string): Cron {
  return new Cron(expression, {
    timezone: timeZone,
    mode: '5-part',
    fixedTimeRule: 'no-wildcard',
    paused: true,
  });
}

export function splitCron(expression: string): string[] {
  return expression.trim().split(/\s+/).filter(Boolean);
}

/** Checks a schedule; the messages are the spec's. A schedule that can never fire (31 February) is invalid. */
export function validateCron(expression: string | null | undefined): CronValidation {
  if (!expression || expression.trim() === '') return { isValid: false, message: cronMessages.required };
  const parts = splitCron(expression);
  if (parts.length !== 5) return { isValid: false, message: cronMessages.wrongPartCount };
  for (const [index, name] of cronFieldNames.entries()) {
    if (!expandCronField(parts[index] ?? '', name)) {
      return { isValid: false, message: cronMessages.invalidValues };
    }
  }
  try {
    if (!cronSchedule(parts.join(' '), 'UTC').nextRun(new Date(Date.UTC(2000, 0, 1)))) {
      return { isValid: false, message: cronMessages.invalidValues };
    }
  } catch {
    return { isValid: false, message: cronMessages.invalidValues };
  }
  return { isValid: true, parts };
}

/** The schedule in one normal form: single spaces between the five parts. */
export function normalizeCron(expression: string): string {
  return splitCron(expression).join(' ');
}

/** The warning of spec 5 when runs can come less than 5 minutes apart; null otherwise. */
export function cronWarning(expression: string): string | null {
  const validation = validateCron(expression);
  if (!validation.isValid) return null;
  const minutes = expandCronField(validation.parts[0] ?? '', 'minute') ?? [];
  if (minutes.length < 2) return null;
  let smallestGap = 60 - (minutes.at(-1) ?? 0) + (minutes[0] ?? 0);
  for (let index = 1; index < minutes.length; index += 1) {
    smallestGap = Math.min(smallestGap, (minutes[index] ?? 0) - (minutes[index - 1] ?? 0));
  }
  return smallestGap < 5 ? cronMessages.frequentRuns : null;
}

/** The next `count` firings strictly after `after`, in the given time zone. */
export function nextRunTimes(expression: string, timeZone: string, after: Date, count = 5): Date[] {
  if (!validateCron(expression).isValid) return [];
  return cronSchedule(normalizeCron(expression), timeZone).nextRuns(count, after);
}

/** The first firing strictly after `after`, or null for an invalid schedule. */
export function nextRunTime(expression: string, timeZone: string, after: Date): Date | null {
  return nextRunTimes(expression, timeZone, after, 1)[0] ?? null;
}

/** The schedule in words ("At 01:00 AM, only on Monday"), or null when it is invalid. */
export function describeCron(expression: string): string | null {
  if (!validateCron(expression).isValid) return null;
  try {
    return cronstrue.toString(normalizeCron(expression), { use24HourTimeFormat: false, verbose: false });
  } catch {
    return null;
  }
}
