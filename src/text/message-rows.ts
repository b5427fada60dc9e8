// A status message laid out in the footer's rows: words wrapped into rows of given widths
// (the first row shares its line with the connection state and counts), and when the message
// is longer than all of them, shortened in the middle so its end (a file name, a reason)
// stays in view.
import { wrapColumns } from './columns.js';
import { middleEllipsis } from './middle-ellipsis.js';
import { displayWidth } from './width.js';

/** `text` word-wrapped into rows of `widths[i]` columns; null when it needs more rows than given. */
function wrapInto(text: string, widths: readonly number[]): string[] | null {
  const rows: string[] = [];
  let row = '';
  const width = () => widths[rows.length] ?? 0;
  const newRow = (): boolean => {
    rows.push(row);
    row = '';
    return rows.length < widths.length;
  };
  for (const word of text.split(' ')) {
    const joined = row === '' ? word : `${row} ${word}`;
    if (displayWidth(joined) <= width()) {
      row = joined;
      continue;
    }
    if (row !== '' && displayWidth(word) <= (widths[rows.length + 1] ?? 0)) {
      if (!newRow()) return null;
      row = word;
      continue;
    }
    // A word longer than a row (a path, a URL): it fills what is left of this row and goes on.
    let rest = word;
    if (row !== '') row += ' ';
    while (rest !== '') {
      const room = width() - displayWidth(row);
      const head = room > 0 ? (wrapColumns(rest, room)[0] ?? '') : '';
      const fits = head !== '' && displayWidth(head) <= room;
      if (fits) {
        row += head;
        rest = rest.slice(head.length);
      }
      if (rest !== '' && !newRow()) return null;
      if (!fits && rest !== '' && width() === 0) return null;
    }
  }
  rows.push(row);
  return rows;
}

/**
 * `text` (one line, no escape sequences) in rows of the given widths: whole when it fits,
 * else cut in the middle (`ellipsis` marks the cut) until it does. Rows it does not need are
 * left out (a row of width 0 stays, empty).
 */
export function messageRows(text: string, widths: readonly number[], ellipsis = '…'): string[] {
  const usable = widths.map((w) => Math.max(0, Math.floor(w)));
  let budget = usable.reduce((sum, w) => sum + w, 0);
  while (budget > 0) {
    const rows = wrapInto(middleEllipsis(text, budget, ellipsis), usable);
    if (rows !== null) return rows;
    budget -= 1;
  }
  return [];
}
