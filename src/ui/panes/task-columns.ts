// The task list's columns: widths for a row, the header line (with the sort field and
// direction), the name cut in the middle so both of its ends stay visible, the project
// abbreviated to its last part when its column is narrow, and the metric columns' values.
import type { TaskSort } from '../../store/types.js';
import { formatNumber } from '../../text/format.js';
import { middleEllipsis } from '../../text/middle-ellipsis.js';
import { fitToWidth } from '../../text/width.js';

/** The project column needs a terminal this wide (narrower ones give the name the room). */
export const PROJECT_MIN_TERMINAL_COLS = 100;
/**
 * ...and room for a project this wide beside a name of NAME_KEEP columns. When that room is
 * not there (the 100-139 column layouts), a narrow project column (SHORT_PROJECT, the last
 * part of the project's path) still shows beside a name of at least NAME_SHORT columns.
 */
const PROJECT_MIN = 8;
const NAME_KEEP = 24;
const SHORT_PROJECT = 7;
const NAME_SHORT = 20;
/** A metric column (its last value), and the narrowest the name gets to make room for them. */
export const METRIC_WIDTH = 8;
const NAME_MIN_WITH_METRICS = 12;

export interface TaskColumns {
  name: number;
  project: number;
  iteration: number;
  updated: number;
  /** Width of each shown metric column (in the order of the store's metric columns). */
  metrics: number[];
  /** `HH:MM` / `MM-DD` instead of `HH:MM:SS` / `MM-DD HH:MM`. */
  shortTime: boolean;
}

/** A list this narrow still shows the iteration column while the list is sorted by it. */
const ITERATION_SORTED_MIN_WIDTH = 24;

/**
 * Column widths for a row `width` columns wide (glyph and spaces included) in a `terminalCols`
 * wide terminal; sorted by iteration, the iteration column stays in narrower lists too (the
 * values sorted on are shown). `metricCount` metric columns are asked for: those that do not
 * fit beside a name of NAME_MIN_WITH_METRICS are left out, the last first; they come before
 * the project.
 */
export function taskColumns(
  width: number,
  terminalCols: number,
  sortField?: TaskSort['field'],
  metricCount = 0,
): TaskColumns {
  const shortTime = width < 56;
  const updated = shortTime ? 5 : 11;
  const iterationMin = sortField === 'last_iteration' ? ITERATION_SORTED_MIN_WIDTH : 40;
  const iteration = width >= iterationMin ? 7 : 0;
  const fixed = 2 + (iteration > 0 ? iteration + 1 : 0) + updated + 1;
  let rest = Math.max(0, width - fixed);
  const shownMetrics = Math.max(
    0,
    Math.min(metricCount, Math.floor((rest - NAME_MIN_WITH_METRICS) / (METRIC_WIDTH + 1))),
  );
  const metrics = Array.from({ length: shownMetrics }, () => METRIC_WIDTH);
  rest -= shownMetrics * (METRIC_WIDTH + 1);
  const room = Math.min(Math.round(rest * 0.35), rest - 1 - NAME_KEEP);
  let project = 0;
  if (terminalCols >= PROJECT_MIN_TERMINAL_COLS) {
    if (room >= PROJECT_MIN) project = room;
    else if (rest - 1 - SHORT_PROJECT >= NAME_SHORT) project = SHORT_PROJECT;
  }
  const name = Math.max(0, rest - (project > 0 ? project + 1 : 0));
  return { name, project, iteration, updated, metrics, shortTime };
}

/** A name in exactly `width` columns: shortened in the middle when too long, padded when short. */
export function nameCell(name: string, width: number, ellipsis: string): string {
  return fitToWidth(middleEllipsis(name, width, ellipsis), width);
}

/**
 * A project in exactly `width` columns: whole when it fits, else the last part of its path
 * (`team/vision` → `vision`), shortened in the middle when even that is too long.
 */
export function projectCell(project: string, width: number, ellipsis: string): string {
  const last = project.split('/').pop() ?? project;
  const text = [...project].length <= width ? project : last;
  return nameCell(text, width, ellipsis);
}

/** A metric column's value: the number in at most `width` columns, right-aligned; `-` when the task has none. */
export function metricCell(value: number | undefined, width: number): string {
  return fitToWidth(value === undefined ? '-' : formatNumber(value, width), width, { align: 'right' });
}

export interface SortGlyphs {
  up: string;
  down: string;
}

/** A metric column's title (sort field and label). */
export interface MetricTitle {
  field: string;
  label: string;
}

/**
 * The header line: column titles, the sorted one marked with its direction; a sort on a field
 * with no column of its own (status, started; iteration in the narrowest lists) is named after
 * the name title.
 */
export function taskHeader(
  columns: TaskColumns,
  sort: TaskSort,
  glyphs: SortGlyphs,
  metricTitles: readonly MetricTitle[] = [],
): string {
  const arrow = sort.descending ? glyphs.down : glyphs.up;
  const mark = (title: string, field: string): string => (sort.field === field ? `${title}${arrow}` : title);
  let name = mark('name', 'name');
  if (sort.field === 'status' || sort.field === 'started') name += ` (by ${sort.field}${arrow})`;
  if (sort.field === 'last_iteration' && columns.iteration === 0) name += ` (iter${arrow})`;
  let line = `  ${fitToWidth(name, columns.name)}`;
  columns.metrics.forEach((w, i) => {
    const title = metricTitles[i];
    if (title === undefined) return;
    const sorted = sort.field === title.field;
    const text = middleEllipsis(title.label, sorted ? w - 1 : w, '…') + (sorted ? arrow : '');
    line += ` ${fitToWidth(text, w, { align: 'right' })}`;
  });
  if (columns.project > 0) line += ` ${fitToWidth('project', columns.project)}`;
  if (columns.iteration > 0)
    line += ` ${fitToWidth(mark('iter', 'last_iteration'), columns.iteration, { align: 'right' })}`;
  line += ` ${fitToWidth(mark(columns.shortTime ? 'upd' : 'updated', 'last_update'), columns.updated, { align: 'right' })}`;
  return line;
}
