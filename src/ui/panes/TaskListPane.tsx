// The task list: status glyph, name, project, iteration and last update, newest first.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { TaskRow } from '../../store/types.js';
import { formatNumber } from '../../text/format.js';
import { sanitize } from '../../text/sanitize.js';
import { cell, formatUpdated } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { DimLine, emptyListText } from '../components/Notice.js';
import { taskStatusLook, type Theme } from '../theme.js';
import type { PaneProps } from './types.js';
import { ListFrame, RowText, useListView, visibleLines } from './list-pane.js';

export interface TaskColumns {
  name: number;
  project: number;
  iteration: number;
  updated: number;
  /** `HH:MM` / `MM-DD` instead of `HH:MM:SS` / `MM-DD HH:MM`. */
  shortTime: boolean;
}

/** Column widths for a row `width` columns wide (glyph and spaces included). */
export function taskColumns(width: number): TaskColumns {
  const shortTime = width < 56;
  const updated = shortTime ? 5 : 11;
  const iteration = width >= 40 ? 7 : 0;
  const fixed = 2 + (iteration > 0 ? iteration + 1 : 0) + updated + 1;
  const rest = Math.max(0, width - fixed);
  const project = width >= 56 ? Math.round(rest * 0.35) : 0;
  const name = Math.max(0, rest - (project > 0 ? project + 1 : 0));
  return { name, project, iteration, updated, shortTime };
}

function statusInfo(
  filter: string,
  statuses: string[],
  archived: boolean,
  count: number,
  more: boolean,
  theme: Theme,
): string[] {
  const parts = [`${count}${more ? '+' : ''}`];
  if (filter !== '') parts.push(`/${filter}/`);
  if (statuses.length > 0) parts.push(`status: ${statuses.map((st) => taskStatusLook(st, theme).label).join(',')}`);
  if (archived) parts.push('with archived');
  return parts;
}

function TaskLine(props: {
  row: TaskRow;
  columns: TaskColumns;
  reference: number;
  marked: boolean;
  selected: boolean;
  focused: boolean;
  theme: Theme;
}): ReactNode {
  const { row, columns, theme } = props;
  const look = taskStatusLook(row.status, theme);
  const iteration = row.lastIteration === null ? '-' : formatNumber(row.lastIteration, columns.iteration);
  let rest =
    (props.marked ? theme.glyphs.marked : ' ') +
    cell(
      row.archived ? `${theme.glyphs.archived} ${sanitize(row.name)}` : row.name,
      columns.name,
      'left',
      theme.glyphs.ellipsis,
    );
  if (columns.project > 0) rest += ' ' + cell(row.project ?? '', columns.project, 'left', theme.glyphs.ellipsis);
  if (columns.iteration > 0) rest += ' ' + cell(iteration, columns.iteration, 'right');
  rest += ' ' + cell(formatUpdated(row.lastUpdate, props.reference, columns.shortTime), columns.updated, 'right');
  return (
    <RowText selected={props.selected} focused={props.focused} archived={row.archived}>
      <Text color={theme.fg(look.color)}>{look.glyph}</Text>
      {rest}
    </RowText>
  );
}

export function TaskListPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const tasks = useMonitor((s) => s.tasks);
  const { filter, showArchived, waiting, inner, listRows, top } = useListView(props, 'tasks', tasks);
  const columns = taskColumns(inner.width);
  const reference = tasks.fetchedAt ?? 0;
  const info = statusInfo(sanitize(filter), tasks.statusFilter, showArchived, tasks.ids.length, tasks.hasMore, theme);
  const marked = new Set(tasks.marked);
  if (tasks.marked.length > 0) info.push(`${tasks.marked.length} marked`);

  let body: ReactNode;
  if (tasks.ids.length === 0) {
    const filtered = filter !== '' || tasks.statusFilter.length > 0;
    const text = emptyListText('tasks', { loading: tasks.loading, waiting, filtered }, theme.glyphs.ellipsis);
    body = <DimLine text={text} width={inner.width} />;
  } else {
    body = visibleLines(tasks, { top, listRows }, (row, selected) => (
      <TaskLine
        row={row}
        columns={columns}
        reference={reference}
        marked={marked.has(row.id)}
        selected={selected}
        focused={props.focused}
        theme={theme}
      />
    ));
  }
  return (
    <ListFrame pane={props} title="tasks" info={info} list={tasks} width={inner.width}>
      {body}
    </ListFrame>
  );
}
