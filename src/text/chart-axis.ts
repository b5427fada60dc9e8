// The x axis under a chart: tick positions and labels for iterations, wall-clock time or time
// since the run's start.
import type { XRange } from './downsample.js';
import { formatSince } from './chart-scale.js';
import { formatMonthDayTime, formatNumber, formatTimeOfDay } from './format.js';

export type XAxisMode = 'iter' | 'time' | 'since';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TIME_STEPS = [
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  91 * DAY,
  365 * DAY,
];

/** 1, 2 or 5 times a power of ten, at least `rough` (NaN for a rough step that is not positive). */
export function niceStep(rough: number): number {
  if (!(rough > 0)) return Number.NaN;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const m of [1, 2, 5]) if (m * power >= rough) return m * power;
  return 10 * power;
}

interface Tick {
  value: number;
  label: string;
}

function iterTicks(range: XRange, count: number): Tick[] {
  const span = range.max - range.min;
  if (!(span > 0)) return [{ value: range.min, label: formatNumber(range.min, 7) }];
  const step = Math.max(1, niceStep(span / Math.max(1, count)));
  const ticks: Tick[] = [];
  for (let v = Math.ceil(range.min / step) * step; v <= range.max && ticks.length < 1000; v += step) {
    ticks.push({ value: v, label: formatNumber(v, 7) });
  }
  return ticks;
}

function timeTicks(range: XRange, count: number): Tick[] {
  const span = range.max - range.min;
  const longSpan = span > DAY;
  const label = (t: number, step: number): string => {
    if (step >= DAY) return formatMonthDayTime(t).slice(0, 5);
    if (longSpan) return formatMonthDayTime(t);
    return step < MINUTE ? formatTimeOfDay(t) : formatTimeOfDay(t).slice(0, 5);
  };
  if (!(span > 0)) return [{ value: range.min, label: formatTimeOfDay(range.min) }];
  const rough = span / Math.max(1, count);
  const step = TIME_STEPS.find((s) => s >= rough) ?? niceStep(rough / DAY) * DAY;
  // Align ticks to local time (whole local hours and days), not to UTC.
  const offset = -new Date(range.min).getTimezoneOffset() * MINUTE;
  const ticks: Tick[] = [];
  for (
    let v = Math.ceil((range.min + offset) / step) * step - offset;
    v <= range.max && ticks.length < 1000;
    v += step
  ) {
    ticks.push({ value: v, label: label(v, step) });
  }
  return ticks;
}

/** Ticks at round durations (x is ms since the start). */
function sinceTicks(range: XRange, count: number): Tick[] {
  const span = range.max - range.min;
  if (!(span > 0)) return [{ value: range.min, label: formatSince(range.min) }];
  const rough = span / Math.max(1, count);
  const step = TIME_STEPS.find((s) => s >= rough) ?? niceStep(rough / DAY) * DAY;
  const ticks: Tick[] = [];
  for (let v = Math.ceil(range.min / step) * step; v <= range.max && ticks.length < 1000; v += step) {
    ticks.push({ value: v, label: formatSince(v) });
  }
  return ticks;
}

/** One line of tick labels over `columns` plot columns for `points` grid points. */
export function tickLine(range: XRange, columns: number, points: number, mode: XAxisMode): string {
  if (columns <= 0) return '';
  const sample = mode === 'time' ? (range.max - range.min > DAY ? 11 : 8) : 6;
  const count = Math.max(1, Math.floor(columns / (sample + 3)));
  const ticks =
    mode === 'time' ? timeTicks(range, count) : mode === 'since' ? sinceTicks(range, count) : iterTicks(range, count);
  const span = range.max - range.min;
  const chars: string[] = new Array<string>(columns).fill(' ');
  let free = 0;
  for (const tick of ticks) {
    const position = span > 0 ? ((tick.value - range.min) / span) * points - 0.5 : 0;
    const column = Math.min(columns - 1, Math.max(0, Math.round(position)));
    const text = tick.label;
    let at = Math.max(0, column - Math.floor(text.length / 2));
    if (at + text.length > columns) at = columns - text.length;
    if (at < free || at < 0) continue;
    for (let k = 0; k < text.length; k++) chars[at + k] = text[k] as string;
    free = at + text.length + 1;
  }
  return chars.join('').replace(/ +$/, '');
}
