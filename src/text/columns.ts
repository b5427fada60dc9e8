// Column-wise cuts of plain text (no escape sequences) for the log pane: drop the first columns
// (sideways scroll) and wrap at a width (hard, or at word boundaries when possible), at most a
// given number of rows when the text may be huge. Grapheme clusters are never split.
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
 * `text` in rows of at most `width` columns, broken after a space when one falls in the
 * row's last two thirds (else mid-word, as `wrapColumns`). Every character is kept: the rows
 * joined give `text` back (a row may end with the space it broke at). With `maxRows`, at most
 * that many rows: the last one ends with `ellipsis` when text is left, which is never read, so
 * a huge line costs the rows shown.
 */
export function wrapWords(text: string, width: number, maxRows = Infinity, ellipsis = '…'): string[] {
  const limit = Math.max(1, Math.floor(width));
  const rows: string[] = [];
  let row: { text: string; width: number }[] = [];
  let used = 0;
  for (const cluster of clustersOf(text)) {
    if (used + cluster.width > limit && row.length > 0) {
      // The last row allowed and text left over: its start, marked, and nothing more is read.
      if (rows.length + 1 >= maxRows) {
        const last = row.map((c) => c.text).join('');
        rows.push(truncateToWidth(last, limit - displayWidth(ellipsis)) + ellipsis);
        return rows;
      }
      // After the last space in the row that leaves at least a third of the row before it.
      let cut = row.length;
      let w = 0;
      for (let i = 0; i < row.length; i++) {
        const c = row[i] as { text: string; width: number };
        w += c.width;
        if (c.text === ' ' && w * 3 >= limit) cut = i + 1;
      }
      rows.push(
        row
          .slice(0, cut)
          .map((c) => c.text)
          .join(''),
      );
      row = row.slice(cut);
      used = row.reduce((sum, c) => sum + c.width, 0);
    }
    row.push(cluster);
    used += cluster.width;
  }
  rows.push(row.map((c) => c.text).join(''));
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
