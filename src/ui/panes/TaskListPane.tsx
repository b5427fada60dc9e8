// The task list: a header, then status glyph, name, project, iteration and last update per
// task, in the order the server sorted them.
import { useContext, type ReactNode } from 'react';
import { Text } from 'ink';
import type { TaskRow } from '../../store/types.js';
import { formatNumber } from '../../text/format.js';
import { sanitize } from '../../text/sanitize.js';
import { cell, formatUpdated } from '../cells.js';
import { TerminalColsContext, useMonitor, useTheme } from '../context.js';
import { DimLine, emptyListText } from '../components/Notice.js';
import { taskStatusLook, type Theme } from '../theme.js';
import type { PaneProps } from './types.js';
import { ListFrame, RowText, useListView, visibleLines } from './list-pane.js';
import { nameCell, taskColumns, taskHeader, type TaskColumns } from './task-columns.js';

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
  const name = sanitize(row.name);
  let rest =
    (props.marked ? theme.glyphs.marked : ' ') +
    nameCell(row.archived ? `${theme.glyphs.archived} ${name}` : name, columns.name, theme.glyphs.ellipsis);
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
  const terminalCols = useContext(TerminalColsContext);
  const header = props.height >= 5 ? 1 : 0;
  const { filter, showArchived, waiting, inner, listRows, top } = useListView(props, 'tasks', tasks, header);
  const columns = taskColumns(inner.width, terminalCols);
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
      {header > 0 ? (
        <Text dimColor wrap="truncate-end">
          {taskHeader(columns, tasks.sort, theme.glyphs)}
        </Text>
      ) : null}
      {body}
    </ListFrame>
  );
}
