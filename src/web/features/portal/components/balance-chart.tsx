/**
 * The investor's balance over time (PRODUCT.md 21), a stepped line from the ledger: the
 * balance holds between the days it changed. Pointer or arrow keys move a tooltip with the
 * date and the balance on that day.
 */
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { daysBetween } from '../../../../shared/dates/calendar-date';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatShortDate } from '../../../../shared/format/date-format';
import { formatUsd, formatUsdWhole } from '../../../../shared/format/money-format';
import type { BalancePoint } from '../../../../shared/portal/portal-contracts';

const HEIGHT = 240;
const PADDING = { top: 16, right: 16, bottom: 32, left: 72 };

/** Dollars as a number for plotting only; every figure shown is formatted from the exact string. */
function plotValue(balance: string): number {
  return Number(balance);
}

function niceCeiling(value: number): number {
  if (value <= 0) return 1000;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const steps = [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
  const step = steps.find((candidate) => candidate * magnitude >= value) ?? 10;
  return step * magnitude;
}

export function BalanceChart({ points }: { points: BalancePoint[] }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(720);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);

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
    const first = points[0];
    const last = points[points.length - 1];
    if (!first || !last) return null;
    const totalDays = Math.max(1, daysBetween(first.date, last.date));
    const maximum = niceCeiling(Math.max(...points.map((point) => plotValue(point.balance))));
    const plotWidth = width - PADDING.left - PADDING.right;
    const plotHeight = HEIGHT - PADDING.top - PADDING.bottom;
    const xOf = (date: string) => PADDING.left + (daysBetween(first.date, date) / totalDays) * plotWidth;
    const yOf = (balance: string) => PADDING.top + plotHeight - (plotValue(balance) / maximum) * plotHeight;
    let line = `M ${xOf(first.date)} ${yOf(first.balance)}`;
    for (let index = 1; index < points.length; index += 1) {
      const point = points[index]!;
      line += ` H ${xOf(point.date)} V ${yOf(point.balance)}`;
    }
    // Day one has a single point, and a path of one move draws nothing: hold its level across.
    const isSingleDay = first.date === last.date;
    if (isSingleDay) line += ` H ${width - PADDING.right}`;
    const baseline = PADDING.top + plotHeight;
    const area = `${line} V ${baseline} H ${xOf(first.date)} Z`;
    const ticks = [0, 0.5, 1].map((share) => ({
      y: PADDING.top + plotHeight - share * plotHeight,
      label: formatUsdWhole((maximum * share).toFixed(2)),
    }));
    const middle = points[Math.floor((points.length - 1) / 2)]!;
    // A phone has room for the first and last dates only.
    const labelled = plotWidth < 420 ? [first, last] : [first, middle, last];
    const dateLabels = labelled.filter(
      (point, index, all) => all.findIndex((other) => other.date === point.date) === index,
    );
    return { xOf, yOf, line, area, ticks, dateLabels, baseline, isSingleDay };
  }, [points, width]);

  if (!geometry) return null;
  const active = activeIndex === null ? null : points[activeIndex];

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - bounds.left;
    let found = 0;
    for (let index = 0; index < points.length; index += 1) {
      if (geometry.xOf(points[index]!.date) <= x) found = index;
    }
    setActiveIndex(found);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      event.key !== 'ArrowLeft' &&
      event.key !== 'ArrowRight' &&
      event.key !== 'Home' &&
      event.key !== 'End'
    )
      return;
    event.preventDefault();
    const current = activeIndex ?? points.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? points.length - 1
          : Math.min(points.length - 1, Math.max(0, current + (event.key === 'ArrowRight' ? 1 : -1)));
    setActiveIndex(next);
  };

  const first = points[0]!;
  const last = points[points.length - 1]!;
  const focusIndex = activeIndex ?? points.length - 1;
  return (
    <div
      className="balance-chart"
      ref={containerRef}
      role="slider"
      tabIndex={0}
      aria-label="Balance history: use the arrow keys to read each change"
      aria-valuemin={0}
      aria-valuemax={points.length - 1}
      aria-valuenow={focusIndex}
      aria-valuetext={`${formatLongDate(points[focusIndex]!.date)}: ${formatUsd(points[focusIndex]!.balance)}`}
      onKeyDown={onKeyDown}
      onBlur={() => setActiveIndex(null)}
    >
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={`Balance from ${formatLongDate(first.date)} (${formatUsd(first.balance)}) to ${formatLongDate(last.date)} (${formatUsd(last.balance)})`}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setActiveIndex(null)}
      >
        {geometry.ticks.map((tick) => (
          <g key={tick.y}>
            <line
              x1={PADDING.left}
              x2={width - PADDING.right}
              y1={tick.y}
              y2={tick.y}
              className="chart-grid"
            />
            <text x={PADDING.left - 10} y={tick.y + 4} textAnchor="end" className="chart-label">
              {tick.label}
            </text>
          </g>
        ))}
        <path d={geometry.area} className="chart-area" />
        <path d={geometry.line} className="chart-line" />
        {geometry.dateLabels.map((point, index, all) => (
          <text
            key={point.date}
            x={geometry.xOf(point.date)}
            y={HEIGHT - 8}
            textAnchor={index === 0 ? 'start' : index === all.length - 1 ? 'end' : 'middle'}
            className="chart-label"
          >
            {formatShortDate(point.date)}
          </text>
        ))}
        {geometry.isSingleDay && !active ? (
          <g>
            <circle
              cx={geometry.xOf(last.date)}
              cy={geometry.yOf(last.balance)}
              r={5}
              className="chart-dot"
            />
            <text
              x={width - PADDING.right}
              y={geometry.yOf(last.balance) - 10}
              textAnchor="end"
              className="chart-label chart-value-label"
            >
              {formatUsd(last.balance)}
            </text>
          </g>
        ) : null}
        {active ? (
          <g>
            <line
              x1={geometry.xOf(active.date)}
              x2={geometry.xOf(active.date)}
              y1={PADDING.top}
              y2={geometry.baseline}
              className="chart-cursor"
            />
            <circle
              cx={geometry.xOf(active.date)}
              cy={geometry.yOf(active.balance)}
              r={5}
              className="chart-dot"
            />
          </g>
        ) : null}
      </svg>
      {active ? (
        <div
          className="chart-tooltip"
          role="status"
          style={{
            left: Math.min(Math.max(geometry.xOf(active.date), 90), width - 90),
            top: Math.max(geometry.yOf(active.balance) - 64, 0),
          }}
        >
          <span className="chart-tooltip-date">{formatShortDate(active.date)}</span>
          <span className="chart-tooltip-value">{formatUsd(active.balance)}</span>
        </div>
      ) : null}
    </div>
  );
}
