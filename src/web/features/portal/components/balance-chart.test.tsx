// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BalanceChart } from './balance-chart';

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the balance chart on day one (issue 24 item 16)', () => {
  it('draws a single point as a level line across the chart, with its value', () => {
    render(<BalanceChart points={[{ date: '2026-11-26', balance: '9440.00' }]} />);
    const line = document.querySelector('.chart-line')?.getAttribute('d') ?? '';
    // A path of one move draws nothing: the line must reach across the plot.
    expect(line).toMatch(/^M [\d.]+ [\d.]+ H [\d.]+$/);
    expect(document.querySelector('.chart-dot')).not.toBeNull();
    expect(screen.getByText('$9,440.00')).toBeTruthy();
  });

  it('draws a line from the first change to the last when there are several', () => {
    render(
      <BalanceChart
        points={[
          { date: '2026-10-01', balance: '5000.00' },
          { date: '2026-11-26', balance: '9440.00' },
        ]}
      />,
    );
    expect(document.querySelector('.chart-line')?.getAttribute('d')).toContain(' V ');
    expect(screen.queryByText('$9,440.00')).toBeNull();
  });
});
