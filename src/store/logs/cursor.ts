// The logs pane's selected line: a cursor that j/k move while not following. While following,
// the selected line is the newest one in view, so follow mode keeps working unchanged; moving
// up turns following off, moving down past the newest line turns it on again.
import type { LogsContext } from './book.js';
import { logRows, maxTop } from './fetch.js';
import type { LogsState, MonitorState } from '../types.js';
import { scrollLog, placeView } from './logs.js';

/** Index in `lines` of the selected line (kept inside the rows in view), or -1 with no lines. */
export function logCursorIndex(logs: LogsState, rows: number): number {
  if (logs.lines.length === 0) return -1;
  const last = Math.min(logs.top + Math.max(1, rows) - 1, logs.lines.length - 1);
  if (logs.follow || logs.cursorId === null) return last;
  const at = logs.lines.findIndex((l) => l.id === logs.cursorId);
  if (at < 0) return last;
  return Math.min(Math.max(at, logs.top), last);
}

/** j/k in the logs: moves the cursor, scrolling when it leaves the rows in view. */
export function moveLogCursor(ctx: LogsContext, delta: number): void {
  const state = ctx.get();
  const logs = state.logs;
  const rows = logRows(state);
  const from = logCursorIndex(logs, rows);
  if (from < 0) return scrollLog(ctx, delta);
  const to = Math.min(Math.max(from + delta, 0), logs.lines.length - 1);
  const last = logs.top + rows - 1;
  if (to < logs.top) scrollLog(ctx, to - logs.top);
  else if (to > last) scrollLog(ctx, to - last);
  // At the last line, or up at the first: the next page that way is asked for.
  else if ((delta > 0 && to === from) || (delta < 0 && to === 0)) scrollLog(ctx, delta);
  const after = ctx.get().logs;
  const atBottom = after.atEnd && after.top >= maxTop(after.lines.length, rows) && to === after.lines.length - 1;
  const id = after.lines[to]?.id ?? null;
  if (atBottom && delta > 0) placeView(ctx, after.top, true, { cursorId: null });
  else placeView(ctx, after.top, false, { cursorId: id });
}

/** The whole text of the selected line's log event (all of its lines, or its whole message), or null. */
export function selectedLogText(state: MonitorState): string | null {
  const logs = state.logs;
  const at = logCursorIndex(logs, logRows(state));
  if (at < 0) return null;
  let start = at;
  while (start > 0 && logs.lines[start]?.first !== true) start--;
  // A message too long to draw whole: its lines show its start only.
  const source = logs.lines[start]?.source;
  if (source !== undefined) return source;
  let end = at + 1;
  while (end < logs.lines.length && logs.lines[end]?.first !== true) end++;
  return logs.lines
    .slice(start, end)
    .map((l) => l.plain)
    .join('\n');
}
