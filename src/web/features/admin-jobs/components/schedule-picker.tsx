import { useId, useMemo, useState } from 'react';
import { cronPresets } from '../../../../shared/jobs/cron-presets';
import { cronWarning, describeCron, nextRunTimes, validateCron } from '../../../../shared/jobs/cron-rules';
import {
  type BuilderFrequency,
  builderFrequencies,
  builderHourIntervals,
  builderMessages,
  builderMinuteIntervals,
  buildCron,
  defaultBuilderState,
  parseBuilderCron,
  type ScheduleBuilderState,
  weekdayNames,
} from '../../../../shared/jobs/schedule-builder';
import { Tabs } from '../../../components/ui/tabs';
import { formatInTimeZone } from '../job-time-format';

type PickerMode = 'presets' | 'builder' | 'advanced';

const modes = [
  { value: 'presets', label: 'Presets' },
  { value: 'builder', label: 'Builder' },
  { value: 'advanced', label: 'Advanced' },
] as const;

const frequencyLabels: Record<BuilderFrequency, string> = {
  minutes: 'Every few minutes',
  hours: 'Every few hours',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** Monday first, as a work week reads. */
const weekdayOrder = [1, 2, 3, 4, 5, 6, 0] as const;

function initialMode(cron: string): PickerMode {
  if (cronPresets.some((preset) => preset.cron === cron.trim())) return 'presets';
  if (parseBuilderCron(cron)) return 'builder';
  return 'advanced';
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

export interface SchedulePickerProps {
  value: string;
  onChange(cron: string): void;
  /** BUSINESS_TZ: the zone the schedule is read in. */
  timeZone: string;
}

/**
 * The schedule editor of the job modal (admin spec 2, 9): presets, a visual builder and
 * advanced cron, with the spec's validation messages, the under-5-minutes warning, the
 * schedule in words and the next five runs in the business time zone, as the admin types.
 */
export function SchedulePicker({ value, onChange, timeZone }: SchedulePickerProps) {
  const baseId = useId();
  const [mode, setMode] = useState<PickerMode>(() => initialMode(value));
  const [builder, setBuilder] = useState<ScheduleBuilderState>(
    () => parseBuilderCron(value) ?? defaultBuilderState,
  );
  const isBuilderShowingValue = buildCron(builder) === value.trim() || parseBuilderCron(value) !== null;

  const updateBuilder = (changes: Partial<ScheduleBuilderState>) => {
    const next = { ...builder, ...changes };
    setBuilder(next);
    // An incomplete choice (a week with no day) leaves no schedule, so the job cannot be saved with a stale one.
    onChange(buildCron(next) ?? '');
  };

  const changeMode = (next: PickerMode) => {
    if (next === 'builder') {
      const parsed = parseBuilderCron(value);
      if (parsed) setBuilder(parsed);
    }
    setMode(next);
  };

  return (
    <fieldset className="schedule-picker">
      <legend className="field-label">Schedule</legend>
      <Tabs items={modes} value={mode} onChange={changeMode} label="How to set the schedule" />

      <div
        className="schedule-picker-panel"
        role="tabpanel"
        aria-label={modes.find((item) => item.value === mode)?.label}
      >
        {mode === 'presets' ? (
          <div className="preset-grid" role="radiogroup" aria-label="Schedule presets">
            {cronPresets.map((preset) => (
              <label key={preset.cron} className="preset-option">
                <input
                  type="radio"
                  name={`${baseId}-preset`}
                  value={preset.cron}
                  checked={value.trim() === preset.cron}
                  onChange={() => onChange(preset.cron)}
                />
                <span className="preset-label">{preset.label}</span>
                <span className="preset-cron mono">{preset.cron}</span>
              </label>
            ))}
          </div>
        ) : null}

        {mode === 'builder' ? (
          <div className="schedule-builder">
            {!isBuilderShowingValue ? (
              <p className="field-hint">
                The current schedule cannot be shown here. Choosing options below replaces it.
              </p>
            ) : null}
            <div className="builder-row">
              <div className="field">
                <label className="field-label" htmlFor={`${baseId}-frequency`}>
                  Repeat
                </label>
                <select
                  id={`${baseId}-frequency`}
                  className="select"
                  value={builder.frequency}
                  onChange={(event) => {
                    const frequency = builderFrequencies.find((option) => option === event.target.value);
                    if (frequency) updateBuilder({ frequency });
                  }}
                >
                  {builderFrequencies.map((frequency) => (
                    <option key={frequency} value={frequency}>
                      {frequencyLabels[frequency]}
                    </option>
                  ))}
                </select>
              </div>

              {builder.frequency === 'minutes' ? (
                <div className="field">
                  <label className="field-label" htmlFor={`${baseId}-minutes`}>
                    Every
                  </label>
                  <select
                    id={`${baseId}-minutes`}
                    className="select"
                    value={builder.minuteInterval}
                    onChange={(event) => updateBuilder({ minuteInterval: Number(event.target.value) })}
                  >
                    {builderMinuteIntervals.map((interval) => (
                      <option key={interval} value={interval}>
                        {interval} minutes
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}

              {builder.frequency === 'hours' ? (
                <div className="field">
                  <label className="field-label" htmlFor={`${baseId}-hours`}>
                    Every
                  </label>
                  <select
                    id={`${baseId}-hours`}
                    className="select"
                    value={builder.hourInterval}
                    onChange={(event) => updateBuilder({ hourInterval: Number(event.target.value) })}
                  >
                    {builderHourIntervals.map((interval) => (
                      <option key={interval} value={interval}>
                        {interval === 1 ? '1 hour' : `${interval} hours`}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}

              {builder.frequency === 'monthly' ? (
                <div className="field">
                  <label className="field-label" htmlFor={`${baseId}-day`}>
                    On day
                  </label>
                  <select
                    id={`${baseId}-day`}
                    className="select"
                    value={builder.dayOfMonth}
                    onChange={(event) => updateBuilder({ dayOfMonth: Number(event.target.value) })}
                  >
                    {Array.from({ length: 31 }, (_, index) => index + 1).map((day) => (
                      <option key={day} value={day}>
                        {day}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}

              {builder.frequency === 'daily' ||
              builder.frequency === 'weekly' ||
              builder.frequency === 'monthly' ? (
                <div className="field">
                  <label className="field-label" htmlFor={`${baseId}-time`}>
                    At
                  </label>
                  <input
                    id={`${baseId}-time`}
                    className="input"
                    type="time"
                    step={60}
                    required
                    value={`${twoDigits(builder.hour)}:${twoDigits(builder.minute)}`}
                    onChange={(event) => {
                      const [hour, minute] = event.target.value.split(':').map(Number);
                      if (Number.isInteger(hour) && Number.isInteger(minute)) {
                        updateBuilder({ hour: hour ?? 0, minute: minute ?? 0 });
                      }
                    }}
                  />
                </div>
              ) : null}
            </div>

            {builder.frequency === 'monthly' && builder.dayOfMonth > 28 ? (
              <p className="field-hint">Months without day {builder.dayOfMonth} are skipped.</p>
            ) : null}

            {builder.frequency === 'weekly' ? (
              <fieldset className="weekday-picker">
                <legend className="field-label">On</legend>
                <div className="weekday-options">
                  {weekdayOrder.map((day) => (
                    <label key={day} className="weekday-option">
                      <input
                        type="checkbox"
                        checked={builder.weekdays.includes(day)}
                        onChange={(event) =>
                          updateBuilder({
                            weekdays: event.target.checked
                              ? [...builder.weekdays, day]
                              : builder.weekdays.filter((selected) => selected !== day),
                          })
                        }
                      />
                      <span>{weekdayNames[day].slice(0, 3)}</span>
                    </label>
                  ))}
                </div>
                {builder.weekdays.length === 0 ? (
                  <span className="field-error" role="alert">
                    {builderMessages.noWeekday}
                  </span>
                ) : null}
              </fieldset>
            ) : null}
          </div>
        ) : null}

        {mode === 'advanced' ? (
          <div className="field">
            <label className="field-label" htmlFor={`${baseId}-cron`}>
              Cron expression
            </label>
            <input
              id={`${baseId}-cron`}
              className="input mono"
              value={value}
              spellCheck={false}
              autoComplete="off"
              placeholder="0 0 * * *"
              aria-describedby={`${baseId}-cron-hint`}
              onChange={(event) => onChange(event.target.value)}
            />
            <span id={`${baseId}-cron-hint`} className="field-hint">
              Five parts: minute (0-59) hour (0-23) day (1-31) month (1-12) weekday (0-7, 0 and 7 are Sunday).
              Use * for any, a-b for ranges, */n for steps, commas for lists.
            </span>
          </div>
        ) : null}
      </div>

      <SchedulePreview cron={value} timeZone={timeZone} />
    </fieldset>
  );
}

/** The schedule in words and its next five runs, or why the schedule is not valid. */
function SchedulePreview({ cron, timeZone }: { cron: string; timeZone: string }) {
  const preview = useMemo(() => {
    const validation = validateCron(cron);
    if (!validation.isValid) return { error: validation.message } as const;
    return {
      words: describeCron(cron),
      warning: cronWarning(cron),
      runs: nextRunTimes(cron, timeZone, new Date(), 5),
    } as const;
  }, [cron, timeZone]);

  return (
    <div className="schedule-preview" aria-live="polite">
      {'error' in preview ? (
        <p className="schedule-error">{preview.error}</p>
      ) : (
        <>
          <p className="schedule-words">
            <span className="schedule-words-text">{preview.words}</span>
            <span className="schedule-cron mono">{cron.trim()}</span>
          </p>
          {preview.warning ? <p className="schedule-warning">{preview.warning}</p> : null}
          <div className="schedule-next">
            <span className="schedule-next-title">Next 5 runs ({timeZone})</span>
            <ol className="schedule-next-list">
              {preview.runs.map((run) => (
                <li key={run.toISOString()} className="tabular">
                  {formatInTimeZone(run, timeZone)}
                </li>
              ))}
            </ol>
          </div>
        </>
      )}
    </div>
  );
}
