// Column-wise cuts of plain text (no escape sequences) for the log pane: drop the first columns
// (sideways scroll) and hard-wrap at a width. Grapheme clusters are never split.
import { clusterEnd, clusterWidth, displayWidth, truncateToWidth } from './width.js';

/** The grapheme clusters of `text` with their widths in columns. */
export function* clustersOf(text: string): Generator<{ text: string; width: number }> {
  for (let i = 0; i < text.length;) {
    const stop = clusterEnd(text, i, text.length);
    yield { text: text.slice(i, stop), width: clusterWidth(text, i, stop) };
    i = stop;
  }
}

/** `text` without its first `columns` columns; a wide character cut in half becomes a space. */
export function dropColumns(text: string, columns: number): string {
  if (columns <= 0) return text;
  let skipped = 0;
  let i = 0;
  for (const cluster of clustersOf(text)) {
    if (skipped >= columns) break;
    skipped += cluster.width;
    i += cluster.text.length;
  }
  return (skipped > columns ? ' ' : '') + text.slice(i);
}

/**
 * Where the rows of `text` wrapped at `width` columns start, at most `maxRows` of them, and
 * where the last of them ends (the text's length, or where a row beyond them would start).
 * Printable ASCII is one column a character without a look at clusters, and rows are sliced,
 * not built character by character: a 16 Ki block wraps in well under a millisecond.
 */
function rowStarts(text: string, width: number, maxRows: number): { starts: number[]; end: number } {
  const limit = Math.max(1, Math.floor(width));
  const starts = [0];
  let used = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    let stop: number;
    let w: number;
    if (code >= 0x20 && code < 0x7f && (i + 1 >= text.length || text.charCodeAt(i + 1) < 0x300)) {
      stop = i + 1;
      w = 1;
    } else {
      stop = clusterEnd(text, i, text.length);
      w = clusterWidth(text, i, stop);
    }
    if (used + w > limit && i > (starts[starts.length - 1] as number)) {
      if (starts.length >= maxRows) return { starts, end: i };
      starts.push(i);
      used = 0;
    }
    used += w;
    i = stop;
  }
  return { starts, end: text.length };
}

function rowsOf(text: string, width: number, maxRows: number): { rows: string[]; cut: boolean } {
  const { starts, end } = rowStarts(text, width, maxRows);
  const rows = starts.map((start, k) => text.slice(start, starts[k + 1] ?? end));
  return { rows, cut: end < text.length };
}

/** `text` in rows of at most `width` columns (at least one row, even for empty text). */
export function wrapColumns(text: string, width: number): string[] {
  return rowsOf(text, width, Infinity).rows;
}

/**
 * The first `maxRows` rows of `wrapColumns(text, width)`, the last one ending in `ellipsis` when
 * the text goes on: work in proportion to the rows kept, whatever the length of `text`.
 */
export function wrapHead(text: string, width: number, maxRows: number, ellipsis = '…'): string[] {
  const limit = Math.max(1, Math.floor(width));
  const { rows, cut } = rowsOf(text, limit, Math.max(1, Math.floor(maxRows)));
  if (cut) rows.push(truncateToWidth(rows.pop() ?? '', limit - displayWidth(ellipsis)) + ellipsis);
  return rows;
}

/** Widest row of `text` in columns (for how far sideways scrolling may go). */
export function columnsOf(text: string): number {
  let width = 0;
  for (const cluster of clustersOf(text)) width += cluster.width;
  return width;
}

/** Multi-line text in rows of at most `width` columns (each of its lines wrapped). */
export function wrapText(text: string, width: number): string[] {
  return text.split('\n').flatMap((line) => wrapColumns(line, width));
}
