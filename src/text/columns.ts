// Column-wise cuts of plain text (no escape sequences) for the log pane: drop the first columns
// (sideways scroll) and wrap at a width (hard, or at word boundaries when possible). Grapheme
// clusters are never split.
import { clusterEnd, clusterWidth } from './width.js';

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
 * `text` in rows of at most `width` columns, broken after a space when one falls in the
 * row's last two thirds (else mid-word, as `wrapColumns`). Every character is kept: the rows
 * joined give `text` back (a row may end with the space it broke at).
 */
export function wrapWords(text: string, width: number): string[] {
  const limit = Math.max(1, Math.floor(width));
  const rows: string[] = [];
  let row: { text: string; width: number }[] = [];
  let used = 0;
  for (const cluster of clustersOf(text)) {
    if (used + cluster.width > limit && row.length > 0) {
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
