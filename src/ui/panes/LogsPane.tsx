// The selected task's log: a window of `logs.lines` from `logs.top` (never <Static>), level
// colours, the follow indicator and the search's progress in the title, the current match in
// inverse and other matches on screen underlined.
import { useMemo, type ReactNode } from 'react';
import { Text } from 'ink';
import type { LogLine, LogSearchState } from '../../store/types.js';
import { asciiGlyphs } from '../../text/ascii-glyphs.js';
import { formatLogTime } from '../../text/format.js';
import { compileLogQuery, LOG_LEVEL_STYLES, logLevelClass } from '../../text/log-window.js';
import { sanitize } from '../../text/sanitize.js';
import { clip } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import type { Theme } from '../theme.js';
import type { PaneProps } from './types.js';

/** Lines at least this wide show each event's time of day. */
const TIME_PREFIX_MIN_WIDTH = 70;
/** `HH:MM:SS` */
const TIME_OF_DAY_WIDTH = 8;

export function searchInfo(search: LogSearchState | null, theme: Theme): string | null {
  if (search === null) return null;
  const q = `/${clip(sanitize(search.query), 24, theme.glyphs.ellipsis)}/`;
  const where = search.direction === 'older' ? 'older' : 'newer';
  switch (search.status) {
    case 'searching':
      return `${q} searching ${where} pages${theme.glyphs.ellipsis} (${search.pagesFetched} page${search.pagesFetched === 1 ? '' : 's'})`;
    case 'found':
      return `${q} match`;
    case 'not-found':
      return `${q} not found (reached the ${search.direction === 'older' ? 'start' : 'end'})`;
    case 'cancelled':
      return `${q} search stopped`;
    case 'error':
      return `${q} ${sanitize(search.error ?? 'search failed')}`;
  }
}

function LogRow(props: {
  line: LogLine;
  width: number;
  /** Columns of the time prefix (0: none); `reference` is the day whose lines show no date. */
  timeWidth: number;
  reference: number;
  current: boolean;
  matched: boolean;
  theme: Theme;
}): ReactNode {
  const { line, theme } = props;
  const style = LOG_LEVEL_STYLES[logLevelClass(line.level)];
  const time = props.timeWidth > 0 && line.first ? formatLogTime(line.timestamp, props.reference) : '';
  const prefix = props.timeWidth > 0 ? `${time.padStart(props.timeWidth - 1)} ` : '';
  // With --ascii the glyphs inside the line (progress bars, tables, arrows) become ASCII too.
  const shown = theme.ascii ? asciiGlyphs(line.text) : line.text;
  const text = clip(shown, props.width - prefix.length, theme.glyphs.ellipsis);
  return (
    <Text wrap="truncate-end" inverse={props.current} underline={props.matched && !props.current}>
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
  const hasTask = useMonitor((s) => s.tasks.selectedId !== null);
  const inner = paneInner(props);
  const search = logs.search;
  const query = search?.query ?? '';
  const matcher = useMemo(() => {
    if (query === '') return null;
    const compiled = compileLogQuery(query);
    return compiled.ok ? compiled.test : null;
  }, [query]);

  const info: string[] = [];
  const searching = searchInfo(search, theme);
  if (searching !== null) info.push(searching);
  info.push(logs.follow ? `follow ${theme.glyphs.follow}` : 'follow off');
  if (logs.loadingOlder) info.push(`loading older${theme.glyphs.ellipsis}`);
  else if (logs.top === 0 && logs.atStart && logs.lines.length > 0) info.push('start of log');
  // While following, newer lines are fetched on every poll: saying so would redraw the pane twice each time.
  if (logs.loadingNewer && !logs.follow && logs.lines.length > 0) info.push(`loading newer${theme.glyphs.ellipsis}`);
  info.push(`${logs.lines.length} lines loaded`);

  const skip = logs.error ? 1 : 0;
  const visible = logs.lines.slice(logs.top + skip, logs.top + inner.height);
  // Lines from another day than the last fetch (today) carry their date; the column is as wide as the widest.
  const reference = logs.fetchedAt ?? logs.lines.at(-1)?.timestamp ?? 0;
  const timeWidth =
    inner.width < TIME_PREFIX_MIN_WIDTH
      ? 0
      : 1 +
        Math.max(
          TIME_OF_DAY_WIDTH,
          ...visible.filter((l) => l.first).map((l) => formatLogTime(l.timestamp, reference).length),
        );
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
    body = visible.map((line) => (
      <LogRow
        key={line.id}
        line={line}
        width={inner.width}
        timeWidth={timeWidth}
        reference={reference}
        current={search?.matchId === line.id}
        matched={matcher !== null && matcher(line.plain)}
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
