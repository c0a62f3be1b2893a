import { expandCronField, splitCron, validateCron } from './cron-rules';

/** The visual schedule builder of admin spec 9: what it can express and its cron form. */
export const builderMinuteIntervals = [5, 10, 15, 20, 30] as const;
export const builderHourIntervals = [1, 2, 3, 4, 6, 8, 12] as const;
export const builderFrequencies = ['minutes', 'hours', 'daily', 'weekly', 'monthly'] as const;
export type BuilderFrequency = (typeof builderFrequencies)[number];

export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export interface ScheduleBuilderState {
  frequency: BuilderFrequency;
  minuteInterval: number;
  hourInterval: number;
  /** Time of day for daily, weekly and monthly schedules. */
  hour: number;
  minute: number;
  /** 0 = Sunday ... 6 = Saturday. */
  weekdays: number[];
  dayOfMonth: number;
}

export const defaultBuilderState: ScheduleBuilderState = {
  frequency: 'daily',
  minuteInterval: 15,
  hourInterval: 1,
  hour: 0,
  minute: 0,
  weekdays: [1],
  dayOfMonth: 1,
};

export const builderMessages = {
  noWeekday: 'Choose at least one day of the week',
} as const;

/** The cron the builder produces, or null when the choice is incomplete (a weekly schedule with no day). */
export function buildCron(state: ScheduleBuilderState): string | null {
  const time = `${state.minute} ${state.hour}`;
  switch (state.frequency) {
    case 'minutes':
      return `*/${state.minuteInterval} * * * *`;
    case 'hours':
      return state.hourInterval === 1 ? '0 * * * *' : `0 */${state.hourInterval} * * *`;
    case 'daily':
      return `${time} * * *`;
    case 'weekly': {
      const days = [...new Set(state.weekdays)].sort((a, b) => a - b);
      return days.length === 0 ? null : `${time} * * ${days.join(',')}`;
    }
    case 'monthly':
      return `${time} ${state.dayOfMonth} * *`;
  }
}

function singleValue(field: string | undefined, name: 'minute' | 'hour' | 'day'): number | null {
  return field !== undefined && /^\d{1,2}$/.test(field) ? (expandCronField(field, name)?.[0] ?? null) : null;
}

/** The builder state that produces this cron, or null when the builder cannot express it (advanced cron). */
export function parseBuilderCron(expression: string): ScheduleBuilderState | null {
  if (!validateCron(expression).isValid) return null;
  const [minute, hour, day, month, weekday] = splitCron(expression);
  if (month !== '*') return null;
  const base = { ...defaultBuilderState };

  if (hour === '*' && day === '*' && weekday === '*') {
    const interval = Number(/^\*\/(\d+)$/.exec(minute ?? '')?.[1]);
    if ((builderMinuteIntervals as readonly number[]).includes(interval)) {
      return { ...base, frequency: 'minutes', minuteInterval: interval };
    }
    if (minute === '0') return { ...base, frequency: 'hours', hourInterval: 1 };
    return null;
  }
  if (minute === '0' && day === '*' && weekday === '*') {
    const interval = Number(/^\*\/(\d+)$/.exec(hour ?? '')?.[1]);
    if ((builderHourIntervals as readonly number[]).includes(interval)) {
      return { ...base, frequency: 'hours', hourInterval: interval };
    }
  }

  const minuteValue = singleValue(minute, 'minute');
  const hourValue = singleValue(hour, 'hour');
  if (minuteValue === null || hourValue === null) return null;
  const timed = { ...base, minute: minuteValue, hour: hourValue };
  if (day === '*' && weekday === '*') return { ...timed, frequency: 'daily' };
  if (day === '*' && weekday !== undefined) {
    const days = expandCronField(weekday, 'weekday');
    if (!days) return null;
    const normalized = [...new Set(days.map((value) => value % 7))].sort((a, b) => a - b);
    return { ...timed, frequency: 'weekly', weekdays: normalized };
  }
  const dayValue = singleValue(day, 'day');
  if (dayValue !== null && weekday === '*') return { ...timed, frequency: 'monthly', dayOfMonth: dayValue };
  return null;
}
