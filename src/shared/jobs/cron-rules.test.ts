import { describe, expect, it } from 'vitest';
import { businessDateOf } from '../dates/business-time';
import { cronPresets } from './cron-presets';
import {
  cronMessages,
  cronWarning,
  describeCron,
  nextRunTimes,
  normalizeCron,
  validateCron,
} from './cron-rules';
import {
  buildCron,
  defaultBuilderState,
  parseBuilderCron,
  type ScheduleBuilderState,
} from './schedule-builder';

const newYork = 'America/New_York';

function messageOf(expression: string | null): string | null {
  const validation = validateCron(expression);
  return validation.isValid ? null : validation.message;
}

describe('cron validation (admin spec 5)', () => {
  it('requires a schedule', () => {
    expect(messageOf('')).toBe('Schedule is required');
    expect(messageOf('   ')).toBe('Schedule is required');
    expect(messageOf(null)).toBe('Schedule is required');
  });

  it('requires exactly five parts', () => {
    const message = 'Invalid cron format. Must have 5 parts: minute hour day month weekday';
    for (const expression of ['* * * *', '0 0 * * * *', '0', '0 0 * * * 2026']) {
      expect(messageOf(expression)).toBe(message);
    }
  });

  it('checks every field against its range: minute 0-59, hour 0-23, day 1-31, month 1-12, weekday 0-7', () => {
    const message = 'Invalid cron values. Check ranges and syntax.';
    const valid = ['59 23 31 12 7', '0 0 1 1 0', '0-59 0-23 1-31 1-12 0-7', '0 0 * * 7'];
    const outOfRange = [
      '60 0 * * *',
      '0 24 * * *',
      '0 0 0 * *',
      '0 0 32 * *',
      '0 0 * 0 *',
      '0 0 * 13 *',
      '0 0 * * 8',
    ];
    for (const expression of valid) expect(messageOf(expression), expression).toBeNull();
    for (const expression of outOfRange) expect(messageOf(expression), expression).toBe(message);
  });

  it('accepts lists, ranges and steps, and refuses any other syntax', () => {
    const message = cronMessages.invalidValues;
    for (const expression of ['*/5 * * * *', '0 9-17/2 * * 1-5', '0,15,30,45 * * * *', '30 6 1,15 * *']) {
      expect(messageOf(expression), expression).toBeNull();
    }
    for (const expression of [
      '*/0 * * * *',
      '5/15 * * * *',
      '10-5 * * * *',
      'a * * * *',
      '0 0 * * MON',
      '0 0 L * *',
      '0 0 ? * *',
      '-1 0 * * *',
      '1,,2 * * * *',
      '0 0 * * 1-',
    ]) {
      expect(messageOf(expression), expression).toBe(message);
    }
  });

  it('refuses a schedule that can never fire', () => {
    expect(messageOf('0 0 31 2 *')).toBe(cronMessages.invalidValues);
    expect(messageOf('0 0 31 4 *')).toBe(cronMessages.invalidValues);
    expect(messageOf('0 0 29 2 *')).toBeNull();
  });

  it('warns when runs can come less than 5 minutes apart, and only then', () => {
    for (const expression of ['* * * * *', '*/2 * * * *', '*/4 9 * * *', '0,3 * * * *', '58,1 * * * *']) {
      expect(cronWarning(expression), expression).toBe(cronMessages.frequentRuns);
    }
    for (const expression of ['*/5 * * * *', '0 * * * *', '0,30 * * * *', '0 * * * 1', 'bad']) {
      expect(cronWarning(expression), expression).toBeNull();
    }
  });

  it('normalizes spacing', () => {
    expect(normalizeCron('  0   1 *  * * ')).toBe('0 1 * * *');
  });
});

describe('next runs in the business time zone', () => {
  it('lists the next five runs after an instant', () => {
    const runs = nextRunTimes('0 1 * * *', newYork, new Date('2026-03-10T15:00:00Z'));
    expect(runs.map((run) => run.toISOString())).toEqual([
      '2026-03-11T05:00:00.000Z',
      '2026-03-12T05:00:00.000Z',
      '2026-03-13T05:00:00.000Z',
      '2026-03-14T05:00:00.000Z',
      '2026-03-15T05:00:00.000Z',
    ]);
    expect(nextRunTimes('not cron', newYork, new Date())).toEqual([]);
  });

  it('spring forward (8 March 2026): a daily job in the skipped hour runs once, at 03:00', () => {
    const runs = nextRunTimes('30 2 * * *', newYork, new Date('2026-03-06T12:00:00Z'), 4);
    expect(runs.map((run) => run.toISOString())).toEqual([
      '2026-03-07T07:30:00.000Z', // 02:30 EST
      '2026-03-08T07:00:00.000Z', // 02:30 does not exist: 03:00 EDT
      '2026-03-09T06:30:00.000Z', // 02:30 EDT
      '2026-03-10T06:30:00.000Z',
    ]);
    const midnight = nextRunTimes('0 0 * * *', newYork, new Date('2026-03-06T12:00:00Z'), 3);
    expect(midnight.map((run) => run.toISOString())).toEqual([
      '2026-03-07T05:00:00.000Z',
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
    ]);
  });

  it('fall back (1 November 2026): a daily job in the repeated hour runs once', () => {
    const runs = nextRunTimes('30 1 * * *', newYork, new Date('2026-10-30T12:00:00Z'), 4);
    expect(runs.map((run) => run.toISOString())).toEqual([
      '2026-10-31T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T05:30:00.000Z', // the first 01:30 (EDT); the second (EST) is not a new run
      '2026-11-02T06:30:00.000Z', // 01:30 EST
      '2026-11-03T06:30:00.000Z',
    ]);
    // Asking again from the first 01:30 never yields the repeated 01:30 of the same night.
    expect(nextRunTimes('30 1 * * *', newYork, new Date('2026-11-01T05:30:00Z'), 1)[0]?.toISOString()).toBe(
      '2026-11-02T06:30:00.000Z',
    );
  });

  it('daily jobs run exactly once on every local day across both changes', () => {
    for (const cron of ['0 0 * * *', '0 1 * * *', '30 1 * * *', '0 2 * * *', '30 2 * * *', '0 3 * * *']) {
      for (const start of ['2026-03-01T12:00:00Z', '2026-10-25T12:00:00Z']) {
        const runs = nextRunTimes(cron, newYork, new Date(start), 14);
        const days = runs.map((run) => businessDateOf(run, newYork));
        expect(new Set(days).size, `${cron} from ${start}`).toBe(14);
        for (let index = 1; index < days.length; index += 1) {
          const gapHours = ((runs[index]?.getTime() ?? 0) - (runs[index - 1]?.getTime() ?? 0)) / 3_600_000;
          expect(gapHours, `${cron} ${days[index]}`).toBeGreaterThanOrEqual(22.5);
          expect(gapHours, `${cron} ${days[index]}`).toBeLessThanOrEqual(25.5);
        }
      }
    }
  });

  it('interval jobs keep their real interval through the repeated hour', () => {
    const runs = nextRunTimes('*/30 * * * *', newYork, new Date('2026-11-01T04:45:00Z'), 8);
    for (let index = 1; index < runs.length; index += 1) {
      expect((runs[index]?.getTime() ?? 0) - (runs[index - 1]?.getTime() ?? 0)).toBe(30 * 60_000);
    }
  });
});

describe('presets, words and the builder (admin spec 9)', () => {
  it('has the 15 presets of the spec, each valid and described in words', () => {
    expect(cronPresets.map((preset) => preset.cron)).toEqual([
      '*/5 * * * *',
      '*/10 * * * *',
      '*/15 * * * *',
      '*/30 * * * *',
      '0 * * * *',
      '0 */2 * * *',
      '0 */6 * * *',
      '0 0 * * *',
      '0 1 * * *',
      '0 2 * * *',
      '0 12 * * *',
      '0 0 * * 1',
      '0 0 * * 0',
      '0 1 1 * *',
      '0 0 15 * *',
    ]);
    for (const preset of cronPresets) {
      expect(validateCron(preset.cron).isValid).toBe(true);
      expect(describeCron(preset.cron)).toBeTruthy();
    }
  });

  it('describes a schedule in words, and nothing for an invalid one', () => {
    expect(describeCron('*/5 * * * *')).toBe('Every 5 minutes');
    expect(describeCron('30 9 * * 1,3,5')).toBe('At 09:30 AM, only on Monday, Wednesday, and Friday');
    expect(describeCron('0 0 * * 8')).toBeNull();
  });

  it('builds each builder choice into cron and reads it back', () => {
    const choices: ScheduleBuilderState[] = [
      { ...defaultBuilderState, frequency: 'minutes', minuteInterval: 20 },
      { ...defaultBuilderState, frequency: 'hours', hourInterval: 1 },
      { ...defaultBuilderState, frequency: 'hours', hourInterval: 8 },
      { ...defaultBuilderState, frequency: 'daily', hour: 6, minute: 45 },
      { ...defaultBuilderState, frequency: 'weekly', hour: 9, minute: 30, weekdays: [1, 3, 5] },
      { ...defaultBuilderState, frequency: 'monthly', hour: 1, minute: 0, dayOfMonth: 15 },
    ];
    const expected = [
      '*/20 * * * *',
      '0 * * * *',
      '0 */8 * * *',
      '45 6 * * *',
      '30 9 * * 1,3,5',
      '0 1 15 * *',
    ];
    choices.forEach((choice, index) => {
      const cron = buildCron(choice);
      expect(cron).toBe(expected[index]);
      expect(parseBuilderCron(cron ?? '')).toEqual(choice);
    });
    expect(buildCron({ ...defaultBuilderState, frequency: 'weekly', weekdays: [] })).toBeNull();
  });

  it('leaves to advanced cron what the builder cannot express', () => {
    for (const cron of ['*/7 * * * *', '0 9-17 * * *', '0 0 1 6 *', '0 0 1 * 1', '15,45 * * * *']) {
      expect(parseBuilderCron(cron), cron).toBeNull();
    }
    expect(parseBuilderCron('0 6 * * 1-5')?.weekdays).toEqual([1, 2, 3, 4, 5]);
    expect(parseBuilderCron('0 0 * * 7')?.weekdays).toEqual([0]);
  });
});
