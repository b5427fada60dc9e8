// The text viewer's geometry and rows: pure, so the key actions (paging by the viewer's height)
// and the TextViewer component agree without importing each other.
import { wrapText } from './columns.js';
import { sanitize } from './sanitize.js';

/** Columns of text inside a viewer `cols` wide (its frame takes two). */
export function viewerTextWidth(cols: number): number {
  return Math.max(1, cols - 2);
}

/** The viewer's rows: the sanitised text (line breaks kept) wrapped at `width`. */
export function viewerRows(text: string, width: number): string[] {
  return wrapText(sanitize(text, { multiline: true }), width);
}
