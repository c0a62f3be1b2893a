// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchedulePicker } from './schedule-picker';

function Harness({ initial, onValue }: { initial: string; onValue(value: string): void }) {
  const [value, setValue] = useState(initial);
  return (
    <SchedulePicker
      value={value}
      timeZone="America/New_York"
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

function renderPicker(initial: string) {
  const values: string[] = [];
  render(<Harness initial={initial} onValue={(value) => values.push(value)} />);
  return values;
}

function preview() {
  const element = document.querySelector('.schedule-preview');
  if (!(element instanceof HTMLElement)) throw new Error('no preview');
  return element;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SchedulePicker', () => {
  it('opens on the tab that shows the schedule: presets, builder or advanced', () => {
    renderPicker('0 1 * * *');
    expect(screen.getByRole('tab', { name: 'Presets' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('radio', { name: /Daily at 1 AM/ })).toHaveProperty('checked', true);
    expect(screen.getAllByRole('radio')).toHaveLength(15);
    cleanup();
    renderPicker('45 6 * * 2');
    expect(screen.getByRole('tab', { name: 'Builder' }).getAttribute('aria-selected')).toBe('true');
    cleanup();
    renderPicker('0 9-17 * * 1-5');
    expect(screen.getByRole('tab', { name: 'Advanced' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the words and the next five runs in the business time zone, updating as the admin types', () => {
    vi.useFakeTimers({ now: new Date('2026-03-10T15:00:00Z'), toFake: ['Date'] });
    const values = renderPicker('0 9-17 * * 1-5');
    const input = screen.getByLabelText('Cron expression');

    fireEvent.change(input, { target: { value: '0 0 * *' } });
    expect(
      within(preview()).getByText('Invalid cron format. Must have 5 parts: minute hour day month weekday'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { value: '0 0 * * 8' } });
    expect(within(preview()).getByText('Invalid cron values. Check ranges and syntax.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    expect(within(preview()).getByText('Schedule is required')).toBeTruthy();

    fireEvent.change(input, { target: { value: '30 2 * * *' } });
    expect(values.at(-1)).toBe('30 2 * * *');
    expect(within(preview()).getByText('At 02:30 AM')).toBeTruthy();
    expect(within(preview()).getByText('Next 5 runs (America/New_York)')).toBeTruthy();
    const runs = within(preview())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(runs).toEqual([
      'Wed, Mar 11, 2026, 2:30 AM EDT',
      'Thu, Mar 12, 2026, 2:30 AM EDT',
      'Fri, Mar 13, 2026, 2:30 AM EDT',
      'Sat, Mar 14, 2026, 2:30 AM EDT',
      'Sun, Mar 15, 2026, 2:30 AM EDT',
    ]);
    expect(preview().textContent).not.toMatch(/more often than every 5 minutes/);

    fireEvent.change(input, { target: { value: '*/2 * * * *' } });
    expect(within(preview()).getByText('Every 2 minutes')).toBeTruthy();
    expect(preview().textContent).toMatch(/This schedule runs more often than every 5 minutes/);
  });

  it('builds the cron from the visual builder', () => {
    const values = renderPicker('0 0 * * *');
    act(() => {
      fireEvent.click(screen.getByRole('tab', { name: 'Builder' }));
    });
    fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'minutes' } });
    expect(values.at(-1)).toBe('*/15 * * * *');
    const every = screen.getByLabelText('Every');
    expect(
      within(every)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5 minutes', '10 minutes', '15 minutes', '20 minutes', '30 minutes']);
    fireEvent.change(every, { target: { value: '20' } });
    expect(values.at(-1)).toBe('*/20 * * * *');

    fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'hours' } });
    expect(within(screen.getByLabelText('Every')).getAllByRole('option')).toHaveLength(7);
    fireEvent.change(screen.getByLabelText('Every'), { target: { value: '6' } });
    expect(values.at(-1)).toBe('0 */6 * * *');

    fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'monthly' } });
    fireEvent.change(screen.getByLabelText('On day'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('At'), { target: { value: '01:30' } });
    expect(values.at(-1)).toBe('30 1 15 * *');

    fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'weekly' } });
    fireEvent.click(screen.getByLabelText('Fri'));
    expect(values.at(-1)).toBe('30 1 * * 1,5');
    fireEvent.click(screen.getByLabelText('Mon'));
    fireEvent.click(screen.getByLabelText('Fri'));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one day of the week');
    expect(values.at(-1)).toBe('');
    expect(within(preview()).getByText('Schedule is required')).toBeTruthy();
  });

  it('applies a preset', () => {
    const values = renderPicker('0 0 * * *');
    fireEvent.click(screen.getByRole('radio', { name: /Monthly on the 15th at midnight/ }));
    expect(values.at(-1)).toBe('0 0 15 * *');
    expect(within(preview()).getByText('At 12:00 AM, on day 15 of the month')).toBeTruthy();
  });
});
