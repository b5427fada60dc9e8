// The task list: status glyph, name, project, iteration and last update, newest first.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { TaskRow } from '../../store/types.js';
import { formatNumber } from '../../text/format.js';
import { sanitize } from '../../text/sanitize.js';
import { cell, formatUpdated } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, emptyListText, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import { taskStatusLook, type Theme } from '../theme.js';
import type { PaneProps } from './types.js';
import { useScrollTop } from './use-scroll-top.js';

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
  selected: boolean;
  focused: boolean;
  theme: Theme;
}): ReactNode {
  const { row, columns, theme } = props;
  const look = taskStatusLook(row.status, theme);
  const iteration = row.lastIteration === null ? '-' : formatNumber(row.lastIteration, columns.iteration);
  let rest =
    ' ' +
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
    <Text
      wrap="truncate-end"
      inverse={props.selected && props.focused}
      bold={props.selected && !props.focused}
      dimColor={row.archived && !props.selected}
    >
      <Text color={theme.fg(look.color)}>{look.glyph}</Text>
      {rest}
    </Text>
  );
}

export function TaskListPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const tasks = useMonitor((s) => s.tasks);
  const filter = useMonitor((s) => s.ui.filters.tasks);
  const showArchived = useMonitor((s) => s.ui.showArchived.tasks);
  const waiting = useMonitor((s) => s.connection.state !== 'live' && s.connection.state !== 'connecting');
  const inner = paneInner(props);
  const notices = (tasks.error ? 1 : 0) + (tasks.loadingMore ? 1 : 0);
  const listRows = Math.max(0, inner.height - notices);
  const top = useScrollTop(tasks.selectedIndex, listRows, tasks.ids.length);
  const columns = taskColumns(inner.width);
  const reference = tasks.fetchedAt ?? 0;
  const info = statusInfo(sanitize(filter), tasks.statusFilter, showArchived, tasks.ids.length, tasks.hasMore, theme);

  let body: ReactNode;
  if (tasks.ids.length === 0) {
    const filtered = filter !== '' || tasks.statusFilter.length > 0;
    const text = emptyListText('tasks', { loading: tasks.loading, waiting, filtered }, theme.glyphs.ellipsis);
    body = <DimLine text={text} width={inner.width} />;
  } else {
    body = tasks.ids.slice(top, top + listRows).map((id, i) => {
      const row = tasks.byId[id];
      if (row === undefined) return <Text key={id}> </Text>;
      return (
        <TaskLine
          key={id}
          row={row}
          columns={columns}
          reference={reference}
          selected={top + i === tasks.selectedIndex}
          focused={props.focused}
          theme={theme}
        />
      );
    });
  }
  return (
    <PaneFrame title="tasks" info={info} focused={props.focused} width={props.width} height={props.height}>
      {tasks.error ? <ErrorLine error={tasks.error} width={inner.width} /> : null}
      {body}
      {tasks.loadingMore ? <DimLine text={`loading more${theme.glyphs.ellipsis}`} width={inner.width} /> : null}
    </PaneFrame>
  );
}
