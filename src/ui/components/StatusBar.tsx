// The footer: server and connection state, counts, the store's status message, and the keys
// that matter in the focused pane. While a prompt is open its first line is the prompt.
// Times are worked out when the store changes, never on a ticking clock (nothing is written
// while nothing happens).
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { ConnectionState, PromptState } from '../../store/types.js';
import { counted, formatMonthDayTime, formatTimeOfDay } from '../../text/format.js';
import { displayWidth, sanitize } from '../../text/sanitize.js';
import { clip } from '../cells.js';
import { focusedPane, modalScope } from '../keys/router.js';
import { useMonitor, useTheme } from '../context.js';
import { hintLine, keyHints, modalHints, type KeyHint } from '../keys/keymap.js';
import { urlLines } from '../panes/report-widget-lines.js';
import { messageRows } from '../../text/message-rows.js';
import { levelColor, type ColorName, type Theme } from '../theme.js';

/** Columns kept free after the server label, connection state and counts for a message or hints. */
const SERVER_LABEL_RESERVE = 10;
/** Columns a status message keeps before the server label gives way. */
const MESSAGE_RESERVE = 30;

export interface ConnectionLook {
  text: string;
  color: ColorName;
}

/**
 * "live", "connecting…", "server not answering · stale since 12:03:40", "retrying in 8s
 * (attempt 3): connection refused · stale since 12:03:40", "server answered malformed data for reports.get_task_data",
 * "reports.get_task_data: answer too large (200 MiB announced; …)",
 * "login failed: …". Stale since: the last good answer.
 */
export function connectionLook(c: ConnectionState, now: number, theme: Theme): ConnectionLook {
  const since = c.staleSince === null ? '' : ` ${theme.glyphs.separator} stale since ${formatTimeOfDay(c.staleSince)}`;
  switch (c.state) {
    case 'connecting':
      return { text: `connecting${theme.glyphs.ellipsis}`, color: 'yellow' };
    case 'live':
      return { text: 'live', color: 'green' };
    case 'unanswered':
      return { text: `server not answering${since}`, color: 'yellow' };
    case 'malformed':
      return {
        text: `server answered malformed data for ${sanitize(c.malformedEndpoint ?? 'a list')}${since}`,
        color: 'red',
      };
    case 'oversized':
      return { text: `${sanitize(c.lastError ?? 'answer too large')}${since}`, color: 'red' };
    case 'stale':
      return { text: `reconnecting${theme.glyphs.ellipsis}${since}`, color: 'yellow' };
    case 'retrying': {
      const seconds = c.nextAttemptAt === null ? null : Math.max(0, Math.ceil((c.nextAttemptAt - now) / 1000));
      const when = seconds === null ? 'retrying' : `retrying in ${seconds}s`;
      const attempt = c.attempt > 0 ? ` (attempt ${c.attempt + 1})` : '';
      const why = c.unreachable === null ? '' : `: ${sanitize(c.unreachable)}`;
      return { text: `${when}${attempt}${why}${since}`, color: 'yellow' };
    }
    case 'auth-failed':
      return { text: `login failed: ${sanitize(c.authReason ?? c.lastError ?? 'credentials refused')}`, color: 'red' };
  }
}

const HINT_GAP = '  ';

function hintText(hint: KeyHint): string {
  return `${hint.keys} ${hint.label}`;
}

function isHelpHint(hint: KeyHint): boolean {
  return hint.keys === '?';
}

/**
 * The hints that fit in `width`, in order. The `? help` hint is kept whenever it fits at all:
 * the other hints give way first (help lists them all).
 */
export function hintsText(hints: readonly KeyHint[], width: number, theme: Theme): string {
  const help = hints.find(isHelpHint);
  const reserve = help === undefined ? 0 : displayWidth(HINT_GAP + hintText(help));
  const kept = new Set<KeyHint>();
  let used = 0;
  for (const hint of hints) {
    if (hint === help) continue;
    const piece = displayWidth((kept.size === 0 ? '' : HINT_GAP) + hintText(hint));
    if (used + piece + reserve > width) break;
    kept.add(hint);
    used += piece;
  }
  if (help !== undefined) kept.add(help);
  const out = hints
    .filter((h) => kept.has(h))
    .map(hintText)
    .join(HINT_GAP);
  return clip(out, width, theme.glyphs.ellipsis);
}

function PromptLine({ prompt, width }: { prompt: PromptState; width: number }): ReactNode {
  const theme = useTheme();
  const label = prompt.kind === 'search' ? 'search log' : `filter ${prompt.pane}`;
  const head = prompt.kind === 'jump' ? ':task id: ' : `/${label}: `;
  // An invalid filter says so where the key hints were, so the user sees why nothing changes.
  const help = `  ${prompt.problem ?? hintLine(modalHints('prompt'), '  ', false)}`;
  const cursor = theme.ascii ? '_' : '█';
  const room = Math.max(0, width - displayWidth(head) - displayWidth(cursor) - displayWidth(help));
  const text = sanitize(prompt.text);
  // Keep the end of a long text (where the cursor is) in view.
  const chars = [...text];
  let shown = text;
  while (displayWidth(shown) > room && chars.length > 0) {
    chars.shift();
    shown = chars.join('');
  }
  return (
    <Text wrap="truncate-end">
      <Text bold color={theme.fg('cyan')}>
        {head}
      </Text>
      {shown}
      {cursor}
      {prompt.problem === null ? (
        <Text dimColor>{clip(help, Math.max(0, width - displayWidth(head + shown + cursor)))}</Text>
      ) : (
        <Text color={theme.fg('red')} bold>
          {clip(help, Math.max(0, width - displayWidth(head + shown + cursor)), theme.glyphs.ellipsis)}
        </Text>
      )}
    </Text>
  );
}

export function StatusBar(props: { width: number; rows: number; now: () => number; keyHints?: boolean }): ReactNode {
  const theme = useTheme();
  const connection = useMonitor((s) => s.connection);
  const view = useMonitor((s) => s.ui.view);
  const pane = useMonitor(focusedPane);
  const readOnly = useMonitor((s) => s.ui.readOnly);
  const status = useMonitor((s) => s.status);
  const prompt = useMonitor((s) => s.ui.prompt);
  // With a dialog, picker or help open, its keys are the ones that work: the pane's are not hinted.
  const modal = useMonitor((s) => modalScope(s, false));
  const taskCount = useMonitor((s) => s.tasks.ids.length);
  const taskMore = useMonitor((s) => s.tasks.hasMore);
  const newFailures = useMonitor((s) => s.tasks.newFailures.length);
  const reportCount = useMonitor((s) => s.reports.ids.length);
  const reportMore = useMonitor((s) => s.reports.hasMore);
  const markedCount = useMonitor((s) => s.reports.marked.length);
  const workerCount = useMonitor((s) => s.cluster.workers.length);
  const queueCount = useMonitor((s) => s.cluster.queues.length);

  const width = props.width;
  const look = connectionLook(connection, props.now(), theme);
  const server = sanitize(connection.serverUrl);
  // New failures stay counted until looked at with `F` (a Tasks view key).
  const failed = newFailures > 0 ? `, ${newFailures} new failed (${view === 'tasks' ? 'F' : '1 then F'})` : '';
  const counts =
    view === 'tasks'
      ? `${counted(taskCount, 'task', taskMore)}${failed}`
      : view === 'reports'
        ? `${counted(reportCount, 'report', reportMore)}${markedCount > 0 ? `, ${markedCount} marked` : ''}${failed}`
        : `${counted(workerCount, 'worker')}, ${counted(queueCount, 'queue')}${failed}`;
  const sep = ` ${theme.glyphs.separator} `;
  const hints = props.keyHints === false ? [] : keyHints({ view, pane, readOnly, modal });
  const message = status === null ? '' : sanitize(status.text);
  // The server label gives way first when the line is short: a long outage text or a status
  // message needs the room, and a one-line footer keeps room for `? help`.
  const messageReserve = message === '' ? 0 : Math.min(MESSAGE_RESERVE, displayWidth(sep + message));
  const helpReserve = props.rows < 2 && hints.length > 0 ? displayWidth(`${sep}? help`) : 0;
  const reserve = Math.max(SERVER_LABEL_RESERVE, helpReserve) + messageReserve;
  const showServer = server !== '' && displayWidth(`${server} ${look.text}${sep}${counts}`) + reserve <= width;
  const left = showServer ? `${server} ` : '';
  const lead = `${left}${look.text}${sep}${counts}`;
  const messageColor = status === null ? undefined : levelColor(status.level);
  // With one footer line the hints share it and give way to a status message, all but `? help`.
  const inlineHints =
    props.rows >= 2
      ? ''
      : message === ''
        ? hintsText(hints, Math.max(0, width - displayWidth(lead + sep)), theme)
        : hintsText(hints.filter(isHelpHint), Math.max(0, width - displayWidth(lead + sep)), theme);
  const messageRoom = Math.max(
    0,
    width - displayWidth(lead) - (inlineHints === '' ? 0 : displayWidth(sep + inlineHints)),
  );

  // One long word too long for the line after the counts (a full URL, `o`) takes the footer's rows
  // alone: cut, it would be useless. A sentence is cut instead, so the counts stay in view.
  if (prompt === null && message !== '' && !/\s/.test(message) && displayWidth(`${lead}${sep}${message}`) > width) {
    const rows = urlLines(message, width, '', false);
    const shown = rows.slice(0, Math.max(1, props.rows));
    if (rows.length > shown.length)
      shown[shown.length - 1] = clip(`${shown.at(-1) ?? ''}${theme.glyphs.ellipsis}`, width, theme.glyphs.ellipsis);
    return shown.map((text, i) => (
      <Text key={i} wrap="truncate-end" bold color={messageColor === undefined ? undefined : theme.fg(messageColor)}>
        {text}
      </Text>
    ));
  }
  // A sentence too long for the room after the counts goes on in the rows below (the hints give
  // way), cut in the middle when longer still: its end (a file name, a reason) stays in view.
  const sentence =
    prompt === null && message !== '' && displayWidth(`${sep}${message}`) > messageRoom
      ? messageRows(
          message,
          [Math.max(0, messageRoom - displayWidth(sep)), ...Array<number>(Math.max(0, props.rows - 1)).fill(width)],
          theme.glyphs.ellipsis,
        )
      : null;
  const firstText = sentence === null ? message : (sentence[0] ?? '');
  const firstMessage = firstText === '' ? '' : `${sep}${firstText}`;
  const messageStyle = { color: messageColor === undefined ? undefined : theme.fg(messageColor), bold: true };
  const firstLine =
    prompt !== null ? (
      <PromptLine prompt={prompt} width={width} />
    ) : (
      <Text wrap="truncate-end">
        <Text dimColor>{clip(left, width)}</Text>
        <Text color={theme.fg(look.color)}>
          {clip(look.text, Math.max(0, width - displayWidth(left)), theme.glyphs.ellipsis)}
        </Text>
        {clip(`${sep}${counts}`, Math.max(0, width - displayWidth(left + look.text)))}
        {firstMessage !== '' ? (
          <Text {...messageStyle}>{clip(firstMessage, messageRoom, theme.glyphs.ellipsis)}</Text>
        ) : null}
        {inlineHints !== '' ? <Text dimColor>{`${sep}${inlineHints}`}</Text> : null}
      </Text>
    );
  if (props.rows < 2) return firstLine;
  if (sentence !== null && sentence.length > 1)
    return (
      <>
        {firstLine}
        {sentence.slice(1).map((text, i) => (
          <Text key={i} wrap="truncate-end" {...messageStyle}>
            {text === '' ? ' ' : text}
          </Text>
        ))}
      </>
    );
  return (
    <>
      {firstLine}
      <Text dimColor wrap="truncate-end">
        {/* Without keys to press (`--once` into a pipe) the line says when the frame was taken. */}
        {props.keyHints === false
          ? clip(`snapshot at ${formatMonthDayTime(props.now())}`, width)
          : hintsText(hints, width, theme)}
      </Text>
    </>
  );
}
