// Where the logs pane is in the task's log, said in its frame. The pane holds a bounded window
// of the log (src/text/log-window.ts), so the position is exact only from an end it holds:
// counted from the first line when the window starts at the log's start, else back from the
// newest line when it ends there; in the middle of a long log nothing exact is known.

export interface LogPositionInput {
  /** Index in the window of the line the position is of (the cursor, else the last in view). */
  index: number;
  /** Lines in the window. */
  lines: number;
  /** The window starts at the log's first line / ends at its newest known line. */
  atStart: boolean;
  atEnd: boolean;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** `line 1,234 of 5,000`, `line 1,234 of 5,000+`, `120 lines before the newest`, or null. */
export function logPosition(input: LogPositionInput): string | null {
  const { index, lines } = input;
  if (lines <= 0 || index < 0 || index >= lines) return null;
  if (input.atStart) return `line ${count(index + 1)} of ${count(lines)}${input.atEnd ? '' : '+'}`;
  if (!input.atEnd) return null;
  const after = lines - 1 - index;
  return after === 0 ? 'newest line' : `${count(after)} line${after === 1 ? '' : 's'} before the newest`;
}

/** The marker for lines that arrived below the view while follow is off. */
export function newLinesMarker(unseen: number): string | null {
  return unseen > 0 ? `${count(unseen)} new line${unseen === 1 ? '' : 's'} (G: go)` : null;
}
