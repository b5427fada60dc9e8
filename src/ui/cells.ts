// Small text helpers for table cells and scrolling, shared by the panes.
import { formatMonthDayTime, formatTimeOfDay, sameLocalDay } from '../text/format.js';
import { fitToWidth, sanitize, truncateToWidth, type Alignment } from '../text/sanitize.js';

/**
 * When something was last updated, as an absolute local time: `HH:MM:SS` on the same day as
 * `reference`, else `MM-DD HH:MM`; `short` gives `HH:MM` or `MM-DD`. Absolute on purpose: a
 * relative "3m ago" changes with the clock, and re-drawing it would write to the terminal
 * while nothing happens (the idle target is 0 bytes a minute).
 */
export function formatUpdated(ms: number | null, reference: number, short = false): string {
  if (ms === null || !Number.isFinite(ms)) return '-';
  if (sameLocalDay(ms, reference)) return short ? formatTimeOfDay(ms).slice(0, 5) : formatTimeOfDay(ms);
  return short ? formatMonthDayTime(ms).slice(0, 5) : formatMonthDayTime(ms);
}

/** A server string made safe and cut/padded to exactly `width` columns. */
export function cell(text: unknown, width: number, align: Alignment = 'left', ellipsis = '…'): string {
  if (width <= 0) return '';
  return fitToWidth(sanitize(text), width, { align, ellipsis });
}

/** A line cut to `width` columns (no padding). */
export function clip(text: string, width: number, ellipsis = '…'): string {
  return truncateToWidth(text, Math.max(0, width), { ellipsis });
}

/**
 * The first visible row of a list so that `selected` is on screen, moving as little as
 * possible from `previousTop`.
 */
export function followSelection(previousTop: number, selected: number, rows: number, count: number): number {
  if (rows <= 0 || count <= 0) return 0;
  let top = Math.min(Math.max(0, previousTop), Math.max(0, count - rows));
  if (selected < top) top = selected;
  else if (selected >= top + rows) top = selected - rows + 1;
  return Math.max(0, Math.min(top, Math.max(0, count - 1)));
}
