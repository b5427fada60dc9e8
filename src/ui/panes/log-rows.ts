// Which rows the logs pane draws: the lines from `top` cut at the pane's width (optionally
// scrolled sideways), or, wrapped (at word boundaries when possible), as many whole lines as
// fit — from the bottom while following or when the selected line would fall below the pane. A
// line shows at most a pane of rows (its start; `enter` reads it whole), so a very long line
// costs a screen, not the line.
import type { LogLine } from '../../store/types.js';
import { dropColumns, wrapWords } from '../../text/columns.js';

export interface LogRowPiece {
  line: LogLine;
  /** Index of `line` in the window. */
  index: number;
  /** The text of this row (plain when wrapped or scrolled sideways, else the coloured line). */
  text: string;
  /** A wrapped line's second and later rows. */
  continuation: boolean;
  /** A stable React key: the line's id and which of its rows this is. */
  key: string;
}

export interface LogRowsInput {
  lines: readonly LogLine[];
  top: number;
  rows: number;
  /** Columns for the text (after any time prefix). */
  width: number;
  wrap: boolean;
  hscroll: number;
  follow: boolean;
  /** Index of the selected line, or -1. */
  cursor: number;
}

function cutRows(input: LogRowsInput): LogRowPiece[] {
  return input.lines.slice(input.top, input.top + input.rows).map((line, i) => ({
    line,
    index: input.top + i,
    text: input.hscroll > 0 ? dropColumns(line.plain, input.hscroll) : line.text,
    continuation: false,
    key: String(line.id),
  }));
}

function pieces(line: LogLine, index: number, width: number, rows: number): LogRowPiece[] {
  return wrapWords(line.plain, width, rows).map((text, i) => ({
    line,
    index,
    text,
    continuation: i > 0,
    key: `${line.id}:${i}`,
  }));
}

export function logRowsInView(input: LogRowsInput): LogRowPiece[] {
  if (!input.wrap) return cutRows(input);
  const { lines, rows, width } = input;
  const out: LogRowPiece[] = [];
  let fitsForward = true;
  for (let i = input.top; i < lines.length && out.length < rows; i++) {
    out.push(...pieces(lines[i] as LogLine, i, width, rows));
    if (i === input.cursor && out.length > rows) fitsForward = false;
  }
  const cursorBelow = input.cursor >= 0 && !out.slice(0, rows).some((p) => p.index === input.cursor);
  if (!input.follow && fitsForward && !cursorBelow) return out.slice(0, rows);
  // From the bottom: the newest line (following) or the selected one, then older lines above it.
  const last = input.follow || input.cursor < 0 ? lines.length - 1 : input.cursor;
  const back: LogRowPiece[] = [];
  for (let i = last; i >= 0 && back.length < rows; i--) back.unshift(...pieces(lines[i] as LogLine, i, width, rows));
  return back.slice(Math.max(0, back.length - rows));
}
