// Where the logs pane is in the task's log, said in its frame. The pane holds a bounded window
// of the log (src/text/log-window.ts) that counts the lines it left behind on either side, so
// the position is counted from the log's first line when the window came from there, else back
// from the newest line.

interface LogPositionInput {
  /** Index in the window of the line the position is of (the cursor, else the last in view). */
  index: number;
  /** Lines in the window. */
  lines: number;
  /** The window ends at the log's newest known line. */
  atEnd: boolean;
  /** Lines of the log before / after the window as far as known (null: unknown). */
  olderHidden: number | null;
  newerHidden: number | null;
}

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * `line 1,234 of 5,000` (both ends known; `~5,000` when lines may have arrived at the end since
 * the window left it), `line 1,234 of 5,000+` (the end never seen),
 * `120 lines before the newest` (counted from the end; `~` when the window is away from the end,
 * since lines may have arrived there meanwhile), or null when neither end was seen.
 */
export function logPosition(input: LogPositionInput): string | null {
  const { index, lines, olderHidden, newerHidden } = input;
  if (lines <= 0 || index < 0 || index >= lines) return null;
  if (olderHidden !== null) {
    const total = olderHidden + lines + (newerHidden ?? 0);
    const of = newerHidden === null ? `${count(total)}+` : input.atEnd ? count(total) : `~${count(total)}`;
    return `line ${count(olderHidden + index + 1)} of ${of}`;
  }
  if (newerHidden === null) return null;
  const after = newerHidden + lines - 1 - index;
  if (after === 0) return 'newest line';
  return `${input.atEnd ? '' : '~'}${count(after)} line${after === 1 ? '' : 's'} before the newest`;
}

/** The marker for lines that arrived below the view while follow is off. */
export function newLinesMarker(unseen: number): string | null {
  return unseen > 0 ? `${count(unseen)} new line${unseen === 1 ? '' : 's'} (G: go)` : null;
}
