// The task list's columns: widths for a row, the header line (with the sort field and
// direction), and the name cut in the middle so both of its ends stay visible.
import type { TaskSort } from '../../store/types.js';
import { middleEllipsis } from '../../text/middle-ellipsis.js';
import { fitToWidth } from '../../text/width.js';

/** The project column needs a terminal this wide (narrower ones give the name the room). */
export const PROJECT_MIN_TERMINAL_COLS = 100;
/**
 * ...and room for a project this wide beside a name of NAME_KEEP columns: the name comes first
 * (in the 100-139 column layouts the list pane has no room for both).
 */
const PROJECT_MIN = 8;
const NAME_KEEP = 24;

export interface TaskColumns {
  name: number;
  project: number;
  iteration: number;
  updated: number;
  /** `HH:MM` / `MM-DD` instead of `HH:MM:SS` / `MM-DD HH:MM`. */
  shortTime: boolean;
}

/** A list this narrow still shows the iteration column while the list is sorted by it. */
const ITERATION_SORTED_MIN_WIDTH = 24;

/**
 * Column widths for a row `width` columns wide (glyph and spaces included) in a `terminalCols`
 * wide terminal; sorted by iteration, the iteration column stays in narrower lists too (the
 * values sorted on are shown).
 */
export function taskColumns(width: number, terminalCols: number, sortField?: TaskSort['field']): TaskColumns {
  const shortTime = width < 56;
  const updated = shortTime ? 5 : 11;
  const iterationMin = sortField === 'last_iteration' ? ITERATION_SORTED_MIN_WIDTH : 40;
  const iteration = width >= iterationMin ? 7 : 0;
  const fixed = 2 + (iteration > 0 ? iteration + 1 : 0) + updated + 1;
  const rest = Math.max(0, width - fixed);
  const room = Math.min(Math.round(rest * 0.35), rest - 1 - NAME_KEEP);
  const project = terminalCols >= PROJECT_MIN_TERMINAL_COLS && room >= PROJECT_MIN ? room : 0;
  const name = Math.max(0, rest - (project > 0 ? project + 1 : 0));
  return { name, project, iteration, updated, shortTime };
}

/** A name in exactly `width` columns: shortened in the middle when too long, padded when short. */
export function nameCell(name: string, width: number, ellipsis: string): string {
  return fitToWidth(middleEllipsis(name, width, ellipsis), width);
}

export interface SortGlyphs {
  up: string;
  down: string;
}

/**
 * The header line: column titles, the sorted one marked with its direction; a sort on a field
 * with no column of its own (status, started; iteration in the narrowest lists) is named after
 * the name title.
 */
export function taskHeader(columns: TaskColumns, sort: TaskSort, glyphs: SortGlyphs): string {
  const arrow = sort.descending ? glyphs.down : glyphs.up;
  const mark = (title: string, field: TaskSort['field']): string => (sort.field === field ? `${title}${arrow}` : title);
  let name = mark('name', 'name');
  if (sort.field === 'status' || sort.field === 'started') name += ` (by ${sort.field}${arrow})`;
  if (sort.field === 'last_iteration' && columns.iteration === 0) name += ` (iter${arrow})`;
  let line = `  ${fitToWidth(name, columns.name)}`;
  if (columns.project > 0) line += ` ${fitToWidth('project', columns.project)}`;
  if (columns.iteration > 0)
    line += ` ${fitToWidth(mark('iter', 'last_iteration'), columns.iteration, { align: 'right' })}`;
  line += ` ${fitToWidth(mark(columns.shortTime ? 'upd' : 'updated', 'last_update'), columns.updated, { align: 'right' })}`;
  return line;
}
