// The task list: a header, then status glyph, name, project, iteration and last update per
// task, in the order the server sorted them.
import { useContext, type ReactNode } from 'react';
import { Text } from 'ink';
import type { TaskRow } from '../../store/types.js';
import { formatNumber } from '../../text/format.js';
import { sanitize } from '../../text/sanitize.js';
import { cell, formatUpdated } from '../cells.js';
import { TerminalColsContext, useMonitor, useTheme } from '../context.js';
import { taskStatusLook, type Theme } from '../theme.js';
import type { PaneProps } from './types.js';
import { ListFrame, ListRows, StatusRow, useListView } from './list-pane.js';
import { metricCell, nameCell, projectCell, taskColumns, taskHeader, type TaskColumns } from './task-columns.js';
import {
  isTaskFilterEmpty,
  metricColumnKey,
  metricColumnLabel,
  metricValueField,
  taskFilterInfo,
} from '../../store/index.js';

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
  /** TaskRow.lastMetrics keys of the metric columns, in column order. */
  metricKeys: readonly string[];
}): ReactNode {
  const { row, columns, theme } = props;
  const look = taskStatusLook(row.status, theme);
  const iteration = row.lastIteration === null ? '-' : formatNumber(row.lastIteration, columns.iteration);
  const name = sanitize(row.name);
  let rest =
    (props.marked ? theme.glyphs.marked : ' ') +
    nameCell(row.archived ? `${theme.glyphs.archived} ${name}` : name, columns.name, theme.glyphs.ellipsis);
  columns.metrics.forEach((w, i) => {
    const key = props.metricKeys[i];
    rest += ' ' + metricCell(key === undefined ? undefined : row.lastMetrics[key], w);
  });
  if (columns.project > 0)
    rest += ' ' + projectCell(sanitize(row.project ?? ''), columns.project, theme.glyphs.ellipsis);
  if (columns.iteration > 0) rest += ' ' + cell(iteration, columns.iteration, 'right');
  rest += ' ' + cell(formatUpdated(row.lastUpdate, props.reference, columns.shortTime), columns.updated, 'right');
  return (
    <StatusRow selected={props.selected} focused={props.focused} archived={row.archived} look={look} text={rest} />
  );
}

export function TaskListPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const tasks = useMonitor((s) => s.tasks);
  const terminalCols = useContext(TerminalColsContext);
  const header = props.height >= 5 ? 1 : 0;
  const view = useListView(props, 'tasks', tasks, header);
  const { filter, showArchived } = view;
  const columns = taskColumns(view.inner.width, terminalCols, tasks.sort.field, tasks.metricColumns.length);
  const info = statusInfo(sanitize(filter), tasks.statusFilter, showArchived, tasks.ids.length, tasks.hasMore, theme);
  info.push(...taskFilterInfo(tasks.filter).map((part) => sanitize(part)));
  const metricKeys = tasks.metricColumns.map(metricColumnKey);
  const metricTitles = tasks.metricColumns.map((c) => ({
    field: metricValueField(c),
    label: sanitize(metricColumnLabel(c)),
  }));
  const marked = new Set(tasks.marked);
  if (tasks.marked.length > 0) info.push(`${tasks.marked.length} marked`);
  const lineProps = { columns, reference: tasks.fetchedAt ?? 0, focused: props.focused, theme, metricKeys };
  return (
    <ListFrame pane={props} title="tasks" info={info} list={tasks} width={view.inner.width}>
      {header > 0 ? (
        <Text dimColor wrap="truncate-end">
          {taskHeader(columns, tasks.sort, theme.glyphs, metricTitles)}
        </Text>
      ) : null}
      <ListRows
        name="tasks"
        list={tasks}
        view={view}
        filtered={filter !== '' || tasks.statusFilter.length > 0 || !isTaskFilterEmpty(tasks.filter)}
        line={(row, selected) => <TaskLine row={row} selected={selected} marked={marked.has(row.id)} {...lineProps} />}
      />
    </ListFrame>
  );
}
