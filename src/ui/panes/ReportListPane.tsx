// The report list: mark, status (draft / published), archived mark, name, project, tags, user
// and last update.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { ReportRow } from '../../store/types.js';
import { sanitize } from '../../text/sanitize.js';
import { cell, formatUpdated } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { reportStatusLook, type Theme } from '../theme.js';
import type { PaneProps } from './types.js';
import { ListFrame, ListRows, StatusRow, useListView } from './list-pane.js';

export interface ReportColumns {
  status: number;
  name: number;
  project: number;
  tags: number;
  user: number;
  updated: number;
  shortTime: boolean;
}

/** Column widths for a row `width` columns wide: mark, glyph, archived mark and spaces included. */
export function reportColumns(width: number): ReportColumns {
  const shortTime = width < 70;
  const updated = shortTime ? 5 : 11;
  const status = width >= 80 ? 9 : 0;
  const user = width >= 90 ? 12 : 0;
  const fixed = 4 + (status > 0 ? status + 1 : 0) + (user > 0 ? user + 1 : 0) + updated + 1;
  const rest = Math.max(0, width - fixed);
  const project = width >= 50 ? Math.round(rest * 0.25) : 0;
  const tags = width >= 64 ? Math.round(rest * 0.25) : 0;
  const name = Math.max(0, rest - (project > 0 ? project + 1 : 0) - (tags > 0 ? tags + 1 : 0));
  return { status, name, project, tags, user, updated, shortTime };
}

function ReportLine(props: {
  row: ReportRow;
  columns: ReportColumns;
  reference: number;
  selected: boolean;
  marked: boolean;
  focused: boolean;
  theme: Theme;
}): ReactNode {
  const { row, columns, theme } = props;
  const e = theme.glyphs.ellipsis;
  const look = reportStatusLook(row.status, theme);
  let rest = `${row.archived ? theme.glyphs.archived : ' '} `;
  if (columns.status > 0) rest += cell(look.label, columns.status) + ' ';
  rest += cell(row.name, columns.name, 'left', e);
  if (columns.project > 0) rest += ' ' + cell(row.project ?? '', columns.project, 'left', e);
  if (columns.tags > 0) rest += ' ' + cell(row.tags.map((t) => sanitize(t)).join(','), columns.tags, 'left', e);
  if (columns.user > 0) rest += ' ' + cell(row.user ?? '', columns.user, 'left', e);
  rest += ' ' + cell(formatUpdated(row.lastUpdate, props.reference, columns.shortTime), columns.updated, 'right');
  return (
    <StatusRow
      selected={props.selected}
      focused={props.focused}
      archived={row.archived}
      lead={<Text color={theme.fg('magenta')}>{props.marked ? theme.glyphs.marked : ' '}</Text>}
      look={look}
      text={rest}
    />
  );
}

export function ReportListPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const reports = useMonitor((s) => s.reports);
  const view = useListView(props, 'reports', reports);
  const { filter } = view;
  const marked = new Set(reports.marked);

  const info = [`${reports.ids.length}${reports.hasMore ? '+' : ''}`];
  if (filter !== '') info.push(`/${sanitize(filter)}/`);
  if (reports.filter.status.length > 0)
    info.push(`status: ${reports.filter.status.map((s) => (s === 'created' ? 'draft' : s)).join(',')}`);
  if (reports.filter.tagsInclude.length > 0)
    info.push(`tags: ${reports.filter.tagsInclude.map((t) => sanitize(t)).join(',')}`);
  if (reports.filter.tagsExclude.length > 0)
    info.push(`not: ${reports.filter.tagsExclude.map((t) => sanitize(t)).join(',')}`);
  if (reports.filter.projectId !== null) info.push(`project: ${sanitize(reports.filter.projectName ?? '(none)')}`);
  if (view.showArchived) info.push('with archived');
  if (reports.marked.length > 0) info.push(`${reports.marked.length} marked`);

  const f = reports.filter;
  const filtered =
    filter !== '' ||
    f.status.length > 0 ||
    f.tagsInclude.length > 0 ||
    f.tagsExclude.length > 0 ||
    f.projectId !== null;
  const lineProps = {
    columns: reportColumns(view.inner.width),
    reference: reports.fetchedAt ?? 0,
    focused: props.focused,
    theme,
  };
  return (
    <ListFrame pane={props} title="reports" info={info} list={reports} width={view.inner.width}>
      <ListRows
        name="reports"
        list={reports}
        view={view}
        filtered={filtered}
        line={(row, selected) => (
          <ReportLine row={row} selected={selected} marked={marked.has(row.id)} {...lineProps} />
        )}
      />
    </ListFrame>
  );
}
