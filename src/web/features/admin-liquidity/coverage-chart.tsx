/**
 * Obligations against cash (issue 27): a bar per period for what falls due in it (obligations
 * less expected rollovers), and a stepped line for the cash available at the period's start
 * (recorded cash plus known inflows less everything owed before it). A bar that rises above the
 * line is a period cash does not cover; the first such period is marked. Hand-built SVG in the
 * design system's colours; the figures themselves are in the table below it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ForecastTable } from '../../../shared/liquidity/liquidity-contracts';
import { formatUsdWhole } from '../../../shared/format/money-format';

const HEIGHT = 260;
const PADDING = { top: 16, right: 12, bottom: 36, left: 76 };

/** Dollars as a number for plotting only; every figure shown is formatted from the exact string. */
function plotValue(amount: string): number {
  return Number(amount);
}

function niceCeiling(value: number): number {
  if (value <= 0) return 1000;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step =
    [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((candidate) => candidate * magnitude >= value) ?? 10;
  return step * magnitude;
}

export function CoverageChart({ table, cash }: { table: ForecastTable; cash: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(720);
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const geometry = useMemo(() => {
    const count = table.periods.length;
    if (count === 0) return null;
    const available = table.periods.map((_period, index) =>
      index === 0
        ? plotValue(cash) + plotValue(table.inflows[0] ?? '0')
        : plotValue(table.cash_after[index - 1] ?? '0') + plotValue(table.inflows[index] ?? '0'),
    );
    const owed = table.obligations.map(plotValue);
    const maximum = niceCeiling(Math.max(...owed, ...available, 0));
    const plotWidth = width - PADDING.left - PADDING.right;
    const plotHeight = HEIGHT - PADDING.top - PADDING.bottom;
    const slot = plotWidth / count;
    const yOf = (value: number) =>
      PADDING.top + plotHeight - (Math.max(0, Math.min(value, maximum)) / maximum) * plotHeight;
    const bars = owed.map((value, index) => ({
      x: PADDING.left + index * slot + slot * 0.18,
      width: Math.max(1, slot * 0.64),
      y: yOf(value),
      height: PADDING.top + plotHeight - yOf(value),
      isShort: value > 0 && value > available[index]!,
    }));
    let line = '';
    available.forEach((value, index) => {
      const x = PADDING.left + index * slot;
      line += index === 0 ? `M ${x} ${yOf(value)}` : ` V ${yOf(value)}`;
      line += ` H ${x + slot}`;
    });
    const ticks = [0, 0.5, 1].map((share) => ({
      y: PADDING.top + plotHeight - share * plotHeight,
      label: formatUsdWhole((maximum * share).toFixed(2)),
    }));
    const every = Math.ceil(count / Math.max(2, Math.floor(plotWidth / 64)));
    const labels = table.periods
      .map((period, index) => ({ index, label: period.label.replace('Week of ', '') }))
      .filter((entry) => entry.index % every === 0);
    return { bars, line, ticks, labels, slot, baseline: PADDING.top + plotHeight };
  }, [table, cash, width]);

  if (!geometry) return null;
  const firstShort = table.periods.find((period) => period.start === table.first_short_period);
  return (
    <figure className="coverage-chart" ref={containerRef}>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label={`Obligations per period against cash available.${firstShort ? ` Cash first falls short in ${firstShort.label}.` : ' Cash covers every period shown.'}`}
      >
        {geometry.ticks.map((tick) => (
          <g key={tick.y}>
            <line
              x1={PADDING.left}
              x2={width - PADDING.right}
              y1={tick.y}
              y2={tick.y}
              className="coverage-grid"
            />
            <text x={PADDING.left - 8} y={tick.y + 4} textAnchor="end" className="coverage-axis">
              {tick.label}
            </text>
          </g>
        ))}
        {geometry.bars.map((bar, index) => (
          <rect
            key={table.periods[index]!.start}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            rx={2}
            className={bar.isShort ? 'coverage-bar coverage-bar-short' : 'coverage-bar'}
          />
        ))}
        <path d={geometry.line} className="coverage-cash-line" />
        {geometry.labels.map((entry) => (
          <text
            key={entry.index}
            x={PADDING.left + entry.index * geometry.slot + geometry.slot / 2}
            y={geometry.baseline + 20}
            textAnchor="middle"
            className="coverage-axis"
          >
            {entry.label}
          </text>
        ))}
      </svg>
      <figcaption className="coverage-legend">
        <span className="coverage-key coverage-key-bar">Obligations due in the period</span>
        <span className="coverage-key coverage-key-short">Not covered</span>
        <span className="coverage-key coverage-key-line">Cash available at its start</span>
      </figcaption>
    </figure>
  );
}
