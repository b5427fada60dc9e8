// The selected task's log: a window of `logs.lines` from `logs.top` (never <Static>), level
// colours; in the title the follow indicator, the position in the log, the lines that arrived
// below the view (follow off) and the search's progress; the current match in inverse and other
// matches on screen underlined.
import { useMemo, type ReactNode } from 'react';
import { Text } from 'ink';
import { logCursorIndex } from '../../store/index.js';
import type { LogSearchState } from '../../store/types.js';
import { asciiGlyphs } from '../../text/ascii-glyphs.js';
import { formatLogTime } from '../../text/format.js';
import { compileLogQuery } from '../../text/log-query.js';
import { matchPosition, type MatchPosition } from '../../text/log-match-count.js';
import { logPosition, newLinesMarker } from '../../text/log-position.js';
import { LOG_LEVEL_STYLES, logLevelClass } from '../../text/log-levels.js';
import { sanitize } from '../../text/sanitize.js';
import { clip } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import type { Theme } from '../theme.js';
import type { PaneProps } from './types.js';
import { logRowsInView, type LogRowPiece } from './log-rows.js';

/** Lines at least this wide show each event's time of day. */
const TIME_PREFIX_MIN_WIDTH = 70;
/** `HH:MM:SS` */
const TIME_OF_DAY_WIDTH = 8;

const scanned = (n: number): string => n.toLocaleString('en-US');

/** The count of matches the window holds: exact when it holds the whole log, else "in N loaded lines". */
export interface SearchCount extends MatchPosition {
  wholeLog: boolean;
}

function countText(count: SearchCount | null): string {
  if (count === null) return '';
  const shown = `${count.ordinal ?? '-'}/${count.count}`;
  return count.wholeLog ? ` ${shown}` : ` ${shown} in the loaded lines`;
}

export function searchInfo(
  search: LogSearchState | null,
  theme: Theme,
  count: SearchCount | null = null,
): string | null {
  if (search === null) return null;
  const q = `/${clip(sanitize(search.query), 24, theme.glyphs.ellipsis)}/`;
  const where = search.direction === 'older' ? 'older' : 'newer';
  const edge = search.direction === 'older' ? 'start' : 'end';
  switch (search.status) {
    case 'searching':
      return `${q} searching ${where}${theme.glyphs.ellipsis} ${scanned(search.linesScanned)} lines${search.rate > 0 ? ` (${scanned(search.rate)}/s)` : ''}`;
    case 'found':
      return `${q} match${countText(count)}`;
    case 'not-found':
      return search.matchId === null
        ? `${q} not found (reached the ${edge})`
        : `${q} match${countText(count)}, no ${where} one (reached the ${edge})`;
    case 'cancelled':
      return `${q} search stopped`;
    case 'error':
      return `${q} ${sanitize(search.error ?? 'search failed')}`;
  }
}

function LogRow(props: {
  piece: LogRowPiece;
  width: number;
  /** Columns of the time prefix (0: none); `reference` is the day whose lines show no date. */
  timeWidth: number;
  reference: number;
  current: boolean;
  matched: boolean;
  selected: boolean;
  theme: Theme;
}): ReactNode {
  const { piece, theme } = props;
  const line = piece.line;
  const style = LOG_LEVEL_STYLES[logLevelClass(line.level)];
  // A wrapped line's continuation rows leave the time column blank.
  const time =
    props.timeWidth > 0 && line.first && !piece.continuation ? formatLogTime(line.timestamp, props.reference) : '';
  const prefix = props.timeWidth > 0 ? `${time.padStart(props.timeWidth - 1)} ` : '';
  // With --ascii the glyphs inside the line (progress bars, tables, arrows) become ASCII too.
  const shown = theme.ascii ? asciiGlyphs(piece.text) : piece.text;
  const text = clip(shown, props.width - prefix.length, theme.glyphs.ellipsis);
  return (
    <Text
      wrap="truncate-end"
      inverse={props.current || props.selected}
      bold={props.selected}
      underline={props.matched && !props.current}
    >
      {prefix === '' ? null : <Text dimColor>{prefix}</Text>}
      <Text color={style.color === undefined ? undefined : theme.fg(style.color)} dimColor={style.dimColor === true}>
        {text === '' ? ' ' : text}
      </Text>
    </Text>
  );
}

export function LogsPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const logs = useMonitor((s) => s.logs);
  const wrap = useMonitor((s) => s.ui.logWrap);
  const hasTask = useMonitor((s) => s.tasks.selectedId !== null);
  const inner = paneInner(props);
  const search = logs.search;
  const query = search?.query ?? '';
  const matcher = useMemo(() => {
    if (query === '') return null;
    const compiled = compileLogQuery(query);
    return compiled.ok ? compiled.test : null;
  }, [query]);

  const matchId = search?.matchId ?? null;
  const count = useMemo(
    () =>
      matcher === null || matchId === null
        ? null
        : { ...matchPosition(logs.lines, matcher, matchId), wholeLog: logs.atStart && logs.atEnd },
    [matcher, matchId, logs.lines, logs.atStart, logs.atEnd],
  );

  const info: string[] = [];
  const searching = searchInfo(search, theme, count);
  if (searching !== null) info.push(searching);
  info.push(logs.follow ? `follow ${theme.glyphs.follow}` : 'follow off');
  if (logs.loadingOlder) info.push(`loading older${theme.glyphs.ellipsis}`);
  else if (logs.top === 0 && logs.atStart && logs.lines.length > 0) info.push('start of log');
  // While following, newer lines are fetched on every poll: saying so would redraw the pane twice each time.
  if (logs.loadingNewer && !logs.follow && logs.lines.length > 0) info.push(`loading newer${theme.glyphs.ellipsis}`);
  const skip = logs.error ? 1 : 0;
  const rows = Math.max(0, inner.height - skip);
  // The cursor's line, else the last line in view.
  const cursorAt = logCursorIndex(logs, inner.height);
  const at = logs.follow
    ? logs.lines.length - 1
    : cursorAt >= 0
      ? cursorAt
      : Math.min(logs.lines.length, logs.top + rows) - 1;
  const position = logPosition({
    index: at,
    lines: logs.lines.length,
    atEnd: logs.atEnd,
    olderHidden: logs.olderHidden,
    newerHidden: logs.newerHidden,
  });
  info.push(position ?? `${logs.lines.length.toLocaleString('en-US')} lines loaded`);
  const marker = logs.follow ? null : newLinesMarker(logs.unseen);
  if (marker !== null) info.push(marker);
  if (wrap) info.push('wrap');
  else if (logs.hscroll > 0) info.push(`col ${logs.hscroll + 1}`);

  // Lines from another day than the last fetch (today) carry their date; the column is as wide as
  // the widest among the lines that can be in view (each takes at least one row).
  const reference = logs.fetchedAt ?? logs.lines.at(-1)?.timestamp ?? 0;
  const inView = logs.lines.slice(logs.top + skip, logs.top + skip + rows);
  const timeWidth =
    inner.width < TIME_PREFIX_MIN_WIDTH
      ? 0
      : 1 +
        Math.max(
          TIME_OF_DAY_WIDTH,
          ...inView.filter((l) => l.first).map((l) => formatLogTime(l.timestamp, reference).length),
        );
  // The selected line is marked only while not following (following, it is the newest one).
  const cursor = cursorAt;
  const visible = logRowsInView({
    lines: logs.lines,
    top: logs.top + skip,
    rows,
    width: inner.width - timeWidth,
    wrap,
    hscroll: logs.hscroll,
    follow: logs.follow,
    cursor: logs.follow ? -1 : cursor,
  });
  let body: ReactNode;
  if (!hasTask) body = <DimLine text="no task selected" width={inner.width} />;
  else if (logs.lines.length === 0) {
    body = (
      <DimLine
        text={logs.loadingNewer || logs.loadingOlder ? `loading log${theme.glyphs.ellipsis}` : 'no log lines'}
        width={inner.width}
      />
    );
  } else {
    body = visible.map((piece) => (
      <LogRow
        key={piece.key}
        piece={piece}
        width={inner.width}
        timeWidth={timeWidth}
        reference={reference}
        current={search?.matchId === piece.line.id}
        matched={matcher !== null && matcher(piece.line.plain)}
        selected={props.focused && !logs.follow && piece.index === cursor}
        theme={theme}
      />
    ));
  }
  return (
    <PaneFrame title="logs" info={info} focused={props.focused} width={props.width} height={props.height}>
      {logs.error ? <ErrorLine error={logs.error} width={inner.width} /> : null}
      {body}
    </PaneFrame>
  );
}
