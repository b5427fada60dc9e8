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

/** `text` in rows of at most `width` columns (at least one row, even for empty text). */
export function wrapColumns(text: string, width: number): string[] {
  const limit = Math.max(1, Math.floor(width));
  const rows: string[] = [];
  let row = '';
  let used = 0;
  for (const cluster of clustersOf(text)) {
    if (used + cluster.width > limit && row !== '') {
      rows.push(row);
      row = '';
      used = 0;
    }
    row += cluster.text;
    used += cluster.width;
  }
  rows.push(row);
  return rows;
}

/**
 * The first `maxRows` rows of `wrapColumns(text, width)`, the last one ending in `ellipsis` when
 * the text goes on: work in proportion to the rows kept, whatever the length of `text`.
 */
export function wrapHead(text: string, width: number, maxRows: number, ellipsis = '…'): string[] {
  const limit = Math.max(1, Math.floor(width));
  const keep = Math.max(1, Math.floor(maxRows));
  const rows: string[] = [];
  let row = '';
  let used = 0;
  for (const cluster of clustersOf(text)) {
    if (used + cluster.width > limit && row !== '') {
      if (rows.length + 1 === keep) {
        rows.push(truncateToWidth(row, limit - displayWidth(ellipsis)) + ellipsis);
        return rows;
      }
      rows.push(row);
      row = '';
      used = 0;
    }
    row += cluster.text;
    used += cluster.width;
  }
  rows.push(row);
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
