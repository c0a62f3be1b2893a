/** The schedule presets of admin spec 9, in the order the picker lists them. */
export interface CronPreset {
  label: string;
  cron: string;
}

export const cronPresets: readonly CronPreset[] = [
  { label: 'Every 5 minutes', cron: '*/5 * * * *' },
  { label: 'Every 10 minutes', cron: '*/10 * * * *' },
  { label: 'Every 15 minutes', cron: '*/15 * * * *' },
  { label: 'Every 30 minutes', cron: '*/30 * * * *' },
  { label: 'Every hour', cron: '0 * * * *' },
  { label: 'Every 2 hours', cron: '0 */2 * * *' },
  { label: 'Every 6 hours', cron: '0 */6 * * *' },
  { label: 'Daily at midnight', cron: '0 0 * * *' },
  { label: 'Daily at 1 AM', cron: '0 1 * * *' },
  { label: 'Daily at 2 AM', cron: '0 2 * * *' },
  { label: 'Daily at noon', cron: '0 12 * * *' },
  { label: 'Weekly on Monday at midnight', cron: '0 0 * * 1' },
  { label: 'Weekly on Sunday at midnight', cron: '0 0 * * 0' },
  { label: 'Monthly on the 1st at 1 AM', cron: '0 1 1 * *' },
  { label: 'Monthly on the 15th at midnight', cron: '0 0 15 * *' },
];

/** Spec 9 defaults for a new job. */
export const jobDefaults = {
  functionName: 'calculate-daily-interest',
  scheduleCron: '0 0 * * *',
} as const;
