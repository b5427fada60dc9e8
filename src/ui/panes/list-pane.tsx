// What the task list and the report list share: the filter state and window of rows a list
// pane shows, its frame (error line, rows, "loading more"), how one row is drawn and highlighted
// and what an empty list says.
import { Fragment, type ReactNode } from 'react';
import { Text } from 'ink';
import type { ListName, PaneError } from '../../store/types.js';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import type { StatusLook } from '../theme.js';
import { DimLine, emptyListText, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import type { PaneProps } from './types.js';
import { useScrollTop } from './use-scroll-top.js';

/** The fields of a list slice (tasks, reports) a list pane lays out. */
export interface ListSlice {
  ids: string[];
  selectedIndex: number;
  loadingMore: boolean;
  error: PaneError | null;
}

export interface ListView {
  filter: string;
  showArchived: boolean;
  /** The server is not answering (so an empty list may not be empty). */
  waiting: boolean;
  inner: { width: number; height: number };
  /** Rows left for list lines, and the first one shown. */
  listRows: number;
  top: number;
}

/** `headerRows`: rows above the list lines (a column header). */
export function useListView(props: PaneProps, name: ListName, list: ListSlice, headerRows = 0): ListView {
  const filter = useMonitor((s) => s.ui.filters[name]);
  const showArchived = useMonitor((s) => s.ui.showArchived[name]);
  const waiting = useMonitor((s) => s.connection.state !== 'live' && s.connection.state !== 'connecting');
  const inner = paneInner(props);
  const notices = headerRows + (list.error ? 1 : 0) + (list.loadingMore ? 1 : 0);
  const listRows = Math.max(0, inner.height - notices);
  const top = useScrollTop(list.selectedIndex, listRows, list.ids.length);
  return { filter, showArchived, waiting, inner, listRows, top };
}

export function ListFrame(props: {
  pane: PaneProps;
  title: string;
  info: string | readonly string[];
  list: ListSlice;
  width: number;
  children: ReactNode;
}): ReactNode {
  const theme = useTheme();
  const { pane, list } = props;
  return (
    <PaneFrame title={props.title} info={props.info} focused={pane.focused} width={pane.width} height={pane.height}>
      {list.error ? <ErrorLine error={list.error} width={props.width} /> : null}
      {props.children}
      {list.loadingMore ? <DimLine text={`loading more${theme.glyphs.ellipsis}`} width={props.width} /> : null}
    </PaneFrame>
  );
}

/**
 * One list row: `lead` (if any), the status glyph in its colour, then `text`. Inverse when
 * selected in the focused pane, bold when selected elsewhere, dim when archived.
 */
export function StatusRow(props: {
  selected: boolean;
  focused: boolean;
  archived: boolean;
  look: StatusLook;
  lead?: ReactNode;
  text: string;
}): ReactNode {
  const theme = useTheme();
  return (
    <Text
      wrap="truncate-end"
      inverse={props.selected && props.focused}
      bold={props.selected && !props.focused}
      dimColor={props.archived && !props.selected}
    >
      {props.lead}
      <Text color={theme.fg(props.look.color)}>{props.look.glyph}</Text>
      {props.text}
    </Text>
  );
}

/** The rows in view, each drawn by `line` (an id missing from `byId` draws a blank row). */
function visibleLines<T>(
  list: ListSlice & { byId: Record<string, T> },
  view: Pick<ListView, 'top' | 'listRows'>,
  line: (row: T, selected: boolean) => ReactNode,
): ReactNode[] {
  return list.ids.slice(view.top, view.top + view.listRows).map((id, i) => {
    const row = list.byId[id];
    if (row === undefined) return <Text key={id}> </Text>;
    return <Fragment key={id}>{line(row, view.top + i === list.selectedIndex)}</Fragment>;
  });
}

/** The rows in view or, for an empty list, what the emptiness means (loading, filtered, server away). */
export function ListRows<T>(props: {
  name: ListName;
  list: ListSlice & { byId: Record<string, T>; loading: boolean };
  view: ListView;
  filtered: boolean;
  line: (row: T, selected: boolean) => ReactNode;
}): ReactNode {
  const theme = useTheme();
  const { list, view } = props;
  if (list.ids.length > 0) return visibleLines(list, view, props.line);
  const state = { loading: list.loading, waiting: view.waiting, filtered: props.filtered };
  return <DimLine text={emptyListText(props.name, state, theme.glyphs.ellipsis)} width={view.inner.width} />;
}
